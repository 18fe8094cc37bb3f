import type { IDataObject } from 'n8n-workflow';

/** The creation time of a link in ms since the epoch; NaN when it has none that parses. */
export function createdAtOf(link: IDataObject): number {
	return typeof link.createdAt === 'string' ? Date.parse(link.createdAt) : NaN;
}

/**
 * Where an oldest-first catch-up resumes: its creation-day filter and the page it stopped on.
 * With the oldest first, new links only add pages at the end, so page numbers stay valid.
 */
export interface CatchUp {
	after: string | null;
	page: number;
}

/**
 * Where the trigger stands: the newest creation time it has emitted, and the ids of the links
 * created at exactly that time. The time alone is not enough, because a bulk create gives
 * thousands of links the same createdAt and a poll may have seen only some of them.
 *
 * Times are compared in whole milliseconds, so a server sending microseconds still groups
 * links consistently. The state stays small: one timestamp plus the ids sharing it.
 */
export class PollCursor {
	private constructor(
		/** null: the account had no links when the trigger started, so every link is new. */
		readonly lastCreatedAt: number | null,
		private readonly idsAtLastCreatedAt: ReadonlySet<string>,
		/** Set while a backlog too large for one poll is emitted oldest first, over several polls. */
		readonly catchUp?: CatchUp,
	) {}

	static readonly beforeAnyLink = new PollCursor(null, new Set());

	/** The cursor saved in the node's static data; undefined before the first poll. */
	static fromStaticData(staticData: IDataObject): PollCursor | undefined {
		const { lastCreatedAt, idsAtLastCreatedAt, catchUp } = staticData;
		const time = typeof lastCreatedAt === 'string' ? Date.parse(lastCreatedAt) : NaN;
		if (lastCreatedAt !== null && Number.isNaN(time)) return undefined;
		const ids = Array.isArray(idsAtLastCreatedAt) ? idsAtLastCreatedAt.map(String) : [];
		return new PollCursor(lastCreatedAt === null ? null : time, new Set(ids), readCatchUp(catchUp));
	}

	saveTo(staticData: IDataObject): void {
		staticData.lastCreatedAt = this.lastCreatedAt === null ? null : new Date(this.lastCreatedAt).toISOString();
		staticData.idsAtLastCreatedAt = [...this.idsAtLastCreatedAt];
		if (this.catchUp) staticData.catchUp = { ...this.catchUp };
		else delete staticData.catchUp;
	}

	/** Created after the cursor, or at its time but not among the links already emitted. */
	isNew(link: IDataObject): boolean {
		const time = createdAtOf(link);
		if (Number.isNaN(time)) return false;
		if (this.lastCreatedAt === null || time > this.lastCreatedAt) return true;
		return time === this.lastCreatedAt && !this.idsAtLastCreatedAt.has(String(link.id));
	}

	/** Created strictly before the cursor: in a newest-first listing, nothing after it is new. */
	isOlder(link: IDataObject): boolean {
		return this.lastCreatedAt !== null && createdAtOf(link) < this.lastCreatedAt;
	}

	/** The cursor once `links` (all new to this cursor) have been emitted. */
	after(links: IDataObject[], catchUp?: CatchUp): PollCursor {
		let newest = this.lastCreatedAt;
		for (const link of links) {
			const time = createdAtOf(link);
			if (newest === null || time > newest) newest = time;
		}
		const ids = newest === this.lastCreatedAt ? new Set(this.idsAtLastCreatedAt) : new Set<string>();
		for (const link of links) {
			if (createdAtOf(link) === newest) ids.add(String(link.id));
		}
		return new PollCursor(newest, ids, catchUp);
	}
}

function readCatchUp(value: unknown): CatchUp | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { after, page } = value as IDataObject;
	if (typeof page !== 'number' || page < 1) return undefined;
	return { after: typeof after === 'string' ? after : null, page };
}

/** Oldest first; links sharing a time keep the order of creation (a newest-first list, reversed). */
export function oldestFirst(links: IDataObject[], listedNewestFirst: boolean): IDataObject[] {
	const ordered = listedNewestFirst ? [...links].reverse() : [...links];
	return ordered.sort((a, b) => createdAtOf(a) - createdAtOf(b));
}
