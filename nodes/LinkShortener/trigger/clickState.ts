import type { IDataObject } from 'n8n-workflow';

import type { ListingSize } from '../links/linksById';
import { UnreadableCursor } from './pollCursor';

/** Which click event a saved state belongs to, with its setting: a change starts afresh. */
export type ClickEvent = 'linkClicked' | 'clickMilestone' | 'dayCompleted';

/** A link's total when it was last emitted (or at activation), and when, in seconds after activation. */
export interface LinkBase {
	clicks: number;
	since: number;
}

/**
 * The saved state of a click event. Small by design (D16: at most 24 bytes a clicked link): a
 * link is kept as an 11-character key (64 bits of its id), its base total and since in base 36.
 */
export interface ClickState {
	event: ClickEvent;
	/** The event's setting the state was made for (Min New Clicks, the milestone, the link of Day Completed). */
	setting: string;
	epoch: string;
	generation: number;
	activatedAt: number;
	/** linkClicked: the base of each link with clicks. */
	bases: Map<string, LinkBase>;
	/** clickMilestone: the links that reached the milestone (or were past it at activation). */
	reached: Set<string>;
	/** dayCompleted: the last UTC day emitted (or complete at activation). */
	lastDay: string | null;
	/** What the last listing said of the account, to choose GETs or a listing for link details. */
	listing: ListingSize | null;
}

const KEY = 'clicks';
const VERSION = 1;
const KEY_LENGTH = 12;

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A 32-bit FNV-1a hash of the text from `basis`, read backwards when `reversed`. */
function fnv1a32(text: string, basis: number, reversed: boolean): number {
	let hash = basis;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(reversed ? text.length - 1 - i : i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

/** Six characters of 32 bits. */
function digitsOf(value: number): string {
	let text = '';
	for (let i = 0; i < KEY_LENGTH / 2; i++) text += DIGITS[(value >>> (i * 6)) & 63];
	return text;
}

/**
 * A link id as 12 characters: two 32-bit hashes of the whole id (ids need not be random in any
 * part: a server may number them). 100,000 links collide with odds of about one in 10^10.
 */
export function linkKey(id: string): string {
	return digitsOf(fnv1a32(id, 0x811c9dc5, false)) + digitsOf(fnv1a32(id, 0x050c5d1f, true));
}

export function saveClickState(staticData: IDataObject, state: ClickState): void {
	const bases = [...state.bases]
		.map(([key, base]) => `${key}${base.clicks.toString(36)}.${base.since.toString(36)}`)
		.join(',');
	staticData[KEY] = {
		version: VERSION,
		event: state.event,
		setting: state.setting,
		epoch: state.epoch,
		generation: state.generation,
		activatedAt: new Date(state.activatedAt).toISOString(),
		bases,
		reached: [...state.reached].join(''),
		lastDay: state.lastDay,
		listing: state.listing ? { ...state.listing } : null,
	};
}

function unreadable(what: string): never {
	throw new UnreadableCursor(what);
}

const count36 = (text: string, what: string) => {
	const value = parseInt(text, 36);
	return /^[0-9a-z]+$/.test(text) && Number.isSafeInteger(value) ? value : unreadable(what);
};

/** The saved state, undefined when there is none; throws UnreadableCursor when it cannot be read. */
export function readClickState(staticData: IDataObject): ClickState | undefined {
	const stored = staticData[KEY] as IDataObject | undefined;
	if (stored === undefined) return undefined;
	if (typeof stored !== 'object' || stored === null) unreadable('it is not an object');
	if (stored.version !== VERSION)
		unreadable(`version ${JSON.stringify(stored.version)} is unknown`);
	const activatedAt = Date.parse(String(stored.activatedAt));
	if (Number.isNaN(activatedAt)) unreadable('activatedAt is not a date');
	if (typeof stored.bases !== 'string' || typeof stored.reached !== 'string')
		unreadable('the links are not readable');
	const bases = new Map<string, LinkBase>();
	for (const record of stored.bases ? stored.bases.split(',') : []) {
		const [clicks, since] = record.slice(KEY_LENGTH).split('.');
		if (record.length <= KEY_LENGTH || since === undefined) unreadable(`"${record}" is not a link`);
		bases.set(record.slice(0, KEY_LENGTH), {
			clicks: count36(clicks, 'a click count'),
			since: count36(since, 'a time'),
		});
	}
	if (stored.reached.length % KEY_LENGTH !== 0) unreadable('reached is not a list of links');
	const reached = new Set<string>();
	for (let at = 0; at < stored.reached.length; at += KEY_LENGTH)
		reached.add(stored.reached.slice(at, at + KEY_LENGTH));
	const listing = stored.listing as ListingSize | null;
	return {
		event: stored.event as ClickEvent,
		setting: String(stored.setting),
		epoch: String(stored.epoch),
		generation: Number(stored.generation),
		activatedAt,
		bases,
		reached,
		lastDay: typeof stored.lastDay === 'string' ? stored.lastDay : null,
		listing: listing && Number.isFinite(listing.total) ? listing : null,
	};
}
