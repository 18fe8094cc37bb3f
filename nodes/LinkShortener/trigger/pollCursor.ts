import type { IDataObject } from 'n8n-workflow';
import { countOrNull, storedRecord, timeOrNull, unreadable } from './stateFormat';

/** Links dated up to this far past n8n's clock count as present (the two clocks may differ). */
export const FUTURE_DATE_ALLOWANCE_MS = 5 * 60_000;

/** The creation time of a link in ms since the epoch; NaN when it has none that parses. */
export function createdAtOf(link: IDataObject): number {
	return typeof link.createdAt === 'string' ? Date.parse(link.createdAt) : NaN;
}

/** An oldest-first read of a backlog too large for one poll: the page it resumes on. */
export interface CatchUp {
	page: number;
	pageSize: number;
}

export interface CursorFields {
	/** Which activation this position belongs to, and how many times it was written since. */
	epoch: string;
	generation: number;
	/**
	 * Every link dated before this time was emitted or existed at activation. Never later than
	 * n8n's clock at the poll that set it, so a link dated in the future cannot move it there.
	 * null: the account had no link at activation.
	 */
	watermark: number | null;
	/** The links dated at or after the watermark that were emitted (or existed at activation). */
	recent: ReadonlyMap<string, number>;
	/** The list's `total` when the last poll that read down to the watermark started. */
	total: number | null;
	/** The earliest link held back because it was dated beyond n8n's clock plus the skew. */
	heldFrom: number | null;
	catchUp?: CatchUp;
}

/**
 * Where the trigger stands. A link is new when it is dated at or after the watermark and is not
 * among the `recent` links: no link is emitted twice, and none dated after the watermark is
 * passed over, whatever the order of links sharing one creation time.
 */
export class PollCursor implements CursorFields {
	readonly epoch: string;
	readonly generation: number;
	readonly watermark: number | null;
	readonly recent: ReadonlyMap<string, number>;
	readonly total: number | null;
	readonly heldFrom: number | null;
	readonly catchUp?: CatchUp;

	constructor(fields: CursorFields) {
		({ epoch: this.epoch, generation: this.generation, watermark: this.watermark } = fields);
		({
			recent: this.recent,
			total: this.total,
			heldFrom: this.heldFrom,
			catchUp: this.catchUp,
		} = fields);
	}

	isNew(link: IDataObject): boolean {
		const time = createdAtOf(link);
		if (Number.isNaN(time) || this.isOlderTime(time)) return false;
		return !this.recent.has(String(link.id));
	}

	/** Dated before the watermark: in a newest-first listing, nothing after it is new. */
	isOlder(link: IDataObject): boolean {
		return this.isOlderTime(createdAtOf(link));
	}

	private isOlderTime(time: number): boolean {
		return this.watermark !== null && time < this.watermark;
	}

	/**
	 * The cursor once `emitted` (all new to this cursor) were emitted. The watermark moves to the
	 * newest of them dated no later than `now`; links dated after `now` stay in `recent` until
	 * the watermark passes them.
	 */
	after(emitted: IDataObject[], now: number, changes: Partial<CursorFields> = {}): PollCursor {
		const recent = new Map(this.recent);
		for (const link of emitted) recent.set(String(link.id), createdAtOf(link));
		let watermark = this.watermark;
		for (const time of recent.values()) {
			if (time <= now && (watermark === null || time > watermark)) watermark = time;
		}
		for (const [id, time] of recent) if (watermark !== null && time < watermark) recent.delete(id);
		return new PollCursor({ ...this, catchUp: undefined, ...changes, watermark, recent });
	}

	with(changes: Partial<CursorFields>): PollCursor {
		return new PollCursor({ ...this, ...changes });
	}
}

/** The static data key holding the position (one object, replaced as a whole). */
const KEY = 'position';
const VERSION = 2;

export type StoredCursor =
	| { kind: 'none' }
	| { kind: 'cursor'; cursor: PollCursor }
	| { kind: 'legacy'; watermark: number | null; ids: string[] };

/**
 * The position saved in the node's static data. Throws UnreadableState when something is
 * stored but cannot be read: guessing would skip or repeat links without saying so.
 */
export function readStoredCursor(staticData: IDataObject): StoredCursor {
	if (staticData[KEY] !== undefined)
		return { kind: 'cursor', cursor: parsePosition(staticData[KEY]) };
	if ('lastCreatedAt' in staticData) return parseLegacy(staticData);
	return { kind: 'none' };
}

export function saveCursor(staticData: IDataObject, cursor: PollCursor): void {
	for (const key of ['lastCreatedAt', 'idsAtLastCreatedAt', 'catchUp']) delete staticData[key];
	const recent: IDataObject = {};
	for (const [id, time] of cursor.recent) {
		const at = new Date(time).toISOString();
		recent[at] = [...((recent[at] as string[] | undefined) ?? []), id];
	}
	staticData[KEY] = {
		version: VERSION,
		epoch: cursor.epoch,
		generation: cursor.generation,
		watermark: isoOrNull(cursor.watermark),
		recent,
		total: cursor.total,
		heldFrom: isoOrNull(cursor.heldFrom),
		...(cursor.catchUp ? { catchUp: { ...cursor.catchUp } } : {}),
	};
}

function isoOrNull(time: number | null): string | null {
	return time === null ? null : new Date(time).toISOString();
}

function parsePosition(value: unknown): PollCursor {
	const stored = storedRecord(value, VERSION);
	if (typeof stored.epoch !== 'string' || stored.epoch === '') unreadable('epoch is missing');
	const generation =
		countOrNull(stored.generation, 'generation', 0) ?? unreadable('generation is missing');
	const recent = new Map<string, number>();
	if (typeof stored.recent !== 'object' || stored.recent === null || Array.isArray(stored.recent))
		unreadable('recent is not an object');
	for (const [at, ids] of Object.entries(stored.recent)) {
		const time = timeOrNull(at, 'a time in recent') as number;
		if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
			unreadable('recent does not hold link ids');
		for (const id of ids as string[]) recent.set(id, time);
	}
	return new PollCursor({
		epoch: stored.epoch,
		generation,
		watermark: timeOrNull(stored.watermark, 'watermark'),
		recent,
		total: countOrNull(stored.total ?? null, 'total', 0),
		heldFrom: timeOrNull(stored.heldFrom ?? null, 'heldFrom'),
		catchUp: parseCatchUp(stored.catchUp),
	});
}

function parseCatchUp(value: unknown): CatchUp | undefined {
	if (value === undefined) return undefined;
	const { page, pageSize } = (value ?? {}) as IDataObject;
	return {
		page: countOrNull(page, 'catchUp.page', 1) ?? unreadable('catchUp.page is missing'),
		pageSize:
			countOrNull(pageSize, 'catchUp.pageSize', 1) ?? unreadable('catchUp.pageSize is missing'),
	};
}

/** The position saved by version 0.1: the newest time emitted and the ids created at that time. */
function parseLegacy(staticData: IDataObject): StoredCursor {
	const watermark = timeOrNull(staticData.lastCreatedAt, 'lastCreatedAt');
	const ids = staticData.idsAtLastCreatedAt;
	if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
		unreadable('idsAtLastCreatedAt does not hold link ids');
	return { kind: 'legacy', watermark, ids: ids as string[] };
}

/** Oldest first; links sharing a time keep the order of creation (a newest-first list, reversed). */
export function oldestFirst(links: IDataObject[], listedNewestFirst: boolean): IDataObject[] {
	const ordered = listedNewestFirst ? [...links].reverse() : [...links];
	return ordered.sort((a, b) => createdAtOf(a) - createdAtOf(b));
}
