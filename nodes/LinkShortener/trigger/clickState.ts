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
const KEY_LENGTH = 11;

/** 64 bits of a link id as 11 characters: a UUID's first 16 hex digits, else a hash of the id. */
export function linkKey(id: string): string {
	const hex = id.replace(/-/g, '').toLowerCase();
	let bits = /^[0-9a-f]{32}$/.test(hex) ? BigInt(`0x${hex.slice(0, 16)}`) : fnv1a64(id);
	const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	let key = '';
	for (let i = 0; i < KEY_LENGTH; i++) {
		key = digits[Number(bits & 63n)] + key;
		bits >>= 6n;
	}
	return key;
}

function fnv1a64(text: string): bigint {
	let hash = 0xcbf29ce484222325n;
	for (const char of text) {
		hash ^= BigInt(char.codePointAt(0) ?? 0);
		hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
	}
	return hash;
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
