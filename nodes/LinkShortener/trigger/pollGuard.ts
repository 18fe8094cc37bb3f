/** A saved state of one activation (`epoch`), written `generation` times since: a New Link position, a click event's state. */
export interface Versioned {
	epoch: string;
	generation: number;
}

/**
 * n8n starts a poll at every tick, even while the previous poll of the same trigger is still
 * running, and the static data a poll reads may be older than what the last poll wrote (each
 * poll can get its own copy, and an execution saving its static data writes back the copy it
 * started with). Triggers run in n8n's main process only, so one record per trigger in this
 * process decides: one poll at a time, and the newest position wins.
 */
interface TriggerRecord {
	/** The poll running now and when its lease ends; a hung poll loses the lease. */
	lease?: { token: symbol; until: number };
	/** The last state committed in this process. */
	cursor?: Versioned;
	/** An unreadable stored position already reported for this trigger. */
	reportedUnreadable?: string;
}

const triggers = new Map<string, TriggerRecord>();

function recordOf(key: string): TriggerRecord {
	let record = triggers.get(key);
	if (!record) {
		record = {};
		triggers.set(key, record);
	}
	return record;
}

export interface Lease {
	/** The stored state, or the newer one this process committed for the same activation. */
	newest<T extends Versioned>(stored: T): T;
	/** The state this process committed for that activation, when it is at least that generation. */
	committed<T extends Versioned>(version: Versioned | undefined): T | undefined;
	/** Records `next` as the state unless another poll committed since `from` was read. */
	commit(from: Versioned | undefined, next: Versioned): boolean;
	release(): void;
}

/** The lease of this trigger's poll, or undefined while another poll of it holds one. */
export function acquireLease(key: string, durationMs: number, now = Date.now()): Lease | undefined {
	const record = recordOf(key);
	if (record.lease && record.lease.until > now) return undefined;
	const token = Symbol(key);
	record.lease = { token, until: now + durationMs };
	return {
		newest<T extends Versioned>(stored: T): T {
			const known = record.cursor;
			return known && known.epoch === stored.epoch && known.generation > stored.generation
				? (known as T)
				: stored;
		},
		committed<T extends Versioned>(version: Versioned | undefined): T | undefined {
			const known = record.cursor;
			return known &&
				version &&
				known.epoch === version.epoch &&
				known.generation >= version.generation
				? (known as T)
				: undefined;
		},
		commit(from, next) {
			if (record.lease?.token !== token) return false;
			const known = record.cursor;
			if (known && from && known.epoch === from.epoch && known.generation > from.generation)
				return false;
			record.cursor = next;
			return true;
		},
		release() {
			if (record.lease?.token === token) record.lease = undefined;
		},
	};
}

/** True the first time a given unreadable position is seen for this trigger in this process. */
export function firstReportOf(key: string, problem: string): boolean {
	const record = recordOf(key);
	if (record.reportedUnreadable === problem) return false;
	record.reportedUnreadable = problem;
	return true;
}
