import type { IDataObject } from 'n8n-workflow';

import { IdTable } from '../links/idTable';
import type { ListingSize } from '../paging/listingOrKeys';
import { storedRecord, unreadable } from './stateFormat';

/** Which click event a saved state belongs to, with its setting: a change starts afresh. */
export type ClickEvent = 'linkClicked' | 'clickMilestone' | 'dayCompleted';

/**
 * Link Clicked's bases: for each link's key, its total when it was last emitted (or at
 * activation) and when, in seconds after activation. A compact table: a million links take
 * about 40 MB in memory.
 */
export class ClickBases extends IdTable {
	constructor() {
		super(2);
	}

	clicksAt(entry: number): number {
		return this.get(entry, 0);
	}

	sinceAt(entry: number): number {
		return this.get(entry, 1);
	}

	setBase(key: string, clicks: number, since: number): void {
		const entry = this.entry(key);
		this.set(entry, clicks, 0);
		this.set(entry, since, 1);
	}
}

/**
 * The saved state of a click event. Small by design (D16: at most 24 bytes a clicked link): a
 * link is kept as a 12-character key (`linkKey`: two hashes of its id), its base total and since in base 36.
 */
export interface ClickState {
	event: ClickEvent;
	/** The event's setting the state was made for (Min New Clicks, the milestone, the link of Day Completed). */
	setting: string;
	epoch: string;
	generation: number;
	activatedAt: number;
	/** linkClicked: the base of each link with clicks. */
	bases: ClickBases;
	/** clickMilestone: the links that reached the milestone (or were past it at activation). */
	reached: Set<string>;
	/** dayCompleted: the last UTC day emitted (or complete at activation). */
	lastDay: string | null;
	/** What the last listing said of the account, to choose GETs or a listing for link details. */
	listing: ListingSize | null;
	/** The links as saved, once saved: a stored state that still holds them needs no reading back. */
	saved?: { bases: string; reached: string };
}

const KEY = 'clicks';
const VERSION = 1;
const KEY_LENGTH = 12;

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const DIGIT_CODES = Array.from(DIGITS, (digit) => digit.charCodeAt(0));

/**
 * A link id as 12 characters: two 32-bit FNV-1a hashes of the whole id, one read forwards and
 * one backwards (ids need not be random in any part: a server may number them). 100,000 links
 * collide with odds of about one in 10^10. One pass, for 100,000 links a poll.
 */
export function linkKey(id: string): string {
	let forwards = 0x811c9dc5;
	let backwards = 0x050c5d1f;
	for (let i = 0, j = id.length - 1; i < id.length; i++, j--) {
		forwards = Math.imul(forwards ^ id.charCodeAt(i), 0x01000193);
		backwards = Math.imul(backwards ^ id.charCodeAt(j), 0x01000193);
	}
	const codes = new Array<number>(KEY_LENGTH);
	for (let i = 0; i < KEY_LENGTH / 2; i++) {
		codes[i] = DIGIT_CODES[(forwards >>> (i * 6)) & 63];
		codes[i + KEY_LENGTH / 2] = DIGIT_CODES[(backwards >>> (i * 6)) & 63];
	}
	return String.fromCharCode(...codes);
}

export function saveClickState(staticData: IDataObject, state: ClickState): void {
	// Joined a few thousand links at a time: a million links never sit in one array of strings.
	const chunks: string[] = [];
	let records: string[] = [];
	const { bases: table } = state;
	for (let entry = 0; entry < table.size; entry++) {
		const clicks = table.clicksAt(entry).toString(36);
		records.push(`${table.keyAt(entry)}${clicks}.${table.sinceAt(entry).toString(36)}`);
		if (records.length === 4096) {
			chunks.push(records.join(','));
			records = [];
		}
	}
	if (records.length) chunks.push(records.join(','));
	const bases = chunks.join(',');
	const reached = [...state.reached].join('');
	state.saved = { bases, reached };
	staticData[KEY] = {
		version: VERSION,
		event: state.event,
		setting: state.setting,
		epoch: state.epoch,
		generation: state.generation,
		activatedAt: new Date(state.activatedAt).toISOString(),
		bases,
		reached,
		lastDay: state.lastDay,
		listing: state.listing ? { ...state.listing } : null,
	};
}

const count36 = (text: string, what: string) => {
	const value = parseInt(text, 36);
	return Number.isSafeInteger(value) && value.toString(36) === text ? value : unreadable(what);
};

/** Which activation and generation a saved state is, read without reading its links. */
export function savedClickVersion(
	staticData: IDataObject,
): { epoch: string; generation: number } | undefined {
	const stored = staticData[KEY] as IDataObject | undefined;
	if (typeof stored !== 'object' || stored === null || stored.version !== VERSION) return undefined;
	return { epoch: String(stored.epoch), generation: Number(stored.generation) };
}

/** Whether the stored state is `state` as it was saved (the same links, untouched since). */
export function isSavedAs(staticData: IDataObject, state: ClickState): boolean {
	const stored = staticData[KEY] as IDataObject | undefined;
	return (
		state.saved !== undefined &&
		stored?.bases === state.saved.bases &&
		stored?.reached === state.saved.reached &&
		stored?.lastDay === state.lastDay &&
		stored?.event === state.event &&
		stored?.setting === state.setting
	);
}

/** The saved state, undefined when there is none; throws UnreadableState when it cannot be read. */
export function readClickState(staticData: IDataObject): ClickState | undefined {
	if (staticData[KEY] === undefined) return undefined;
	const stored = storedRecord(staticData[KEY], VERSION);
	const activatedAt = Date.parse(String(stored.activatedAt));
	if (Number.isNaN(activatedAt)) unreadable('activatedAt is not a date');
	if (typeof stored.bases !== 'string' || typeof stored.reached !== 'string')
		unreadable('the links are not readable');
	const bases = new ClickBases();
	// Record by record, without splitting a million links into an array first.
	const all = stored.bases;
	for (let at = 0; at < all.length; ) {
		let end = all.indexOf(',', at);
		if (end < 0) end = all.length;
		const dot = all.indexOf('.', at);
		if (end - at <= KEY_LENGTH || dot < at + KEY_LENGTH || dot > end)
			unreadable(`"${all.slice(at, end)}" is not a link`);
		bases.setBase(
			all.slice(at, at + KEY_LENGTH),
			count36(all.slice(at + KEY_LENGTH, dot), 'a click count'),
			count36(all.slice(dot + 1, end), 'a time'),
		);
		at = end + 1;
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
