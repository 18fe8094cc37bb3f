import type { NodeRun } from '../n8n/nodeRun';

import type { Recall, RowLedger, PreparedRow } from './ledger';

interface Remembered {
	/**
	 * The row's request element (never changed once prepared), so that a row that changed since
	 * is not taken for the same one. Compared as JSON only on a retry: a run of 100,000 rows
	 * that all succeed does not write each one out.
	 */
	element: unknown;
	recall: Recall;
}

interface Entry {
	rows: Map<number, Remembered>;
	touchedAt: number;
}

/** A few failed runs, for an hour, at most this many rows in all: n8n retries right away, in the same process. */
const MAX_RUNS = 20;
const MAX_AGE_MS = 60 * 60 * 1000;
const MAX_ROWS = 200_000;

const entries = new Map<string, Entry>();

/**
 * What the failed attempts of this node run created or left in doubt. n8n's "Retry On Fail"
 * runs the node again in the same process, same execution, same run index: the retry then
 * outputs what an earlier attempt created instead of creating it again (D7), and looks up what
 * an earlier attempt left in doubt before sending it.
 */
export class RunMemory {
	private readonly entry: Entry;

	private constructor(private readonly key: string) {
		const now = Date.now();
		for (const [key, entry] of entries) if (now - entry.touchedAt > MAX_AGE_MS) entries.delete(key);
		this.entry = entries.get(key) ?? { rows: new Map(), touchedAt: now };
		this.entry.touchedAt = now;
	}

	/** The memory of this node's run in this execution; undefined when n8n gives no execution id. */
	static of(context: NodeRun): RunMemory | undefined {
		const executionId = context.getExecutionId?.();
		if (!executionId) return undefined;
		const runIndex = context.getWorkflowDataProxy(0).$runIndex as number;
		return new RunMemory(JSON.stringify([executionId, context.getNode().name, runIndex]));
	}

	recall(row: PreparedRow<unknown>): Recall | undefined {
		const remembered = this.entry.rows.get(row.index);
		return remembered && JSON.stringify(remembered.element) === JSON.stringify(row.element)
			? remembered.recall
			: undefined;
	}

	/** After a run in which every row ended done, there is nothing left for a retry. */
	forget(): void {
		entries.delete(this.key);
	}

	/** Kept only once the run is over and something failed: each row it created or left in doubt. */
	keep(ledger: RowLedger): void {
		for (const [row, element, recall] of ledger.recalls())
			this.entry.rows.set(row, { element, recall });
		entries.delete(this.key);
		// A run that sent nothing (its look-up failed) leaves nothing for a retry.
		if (this.entry.rows.size === 0) return;
		entries.set(this.key, this.entry);
		let rows = [...entries.values()].reduce((sum, entry) => sum + entry.rows.size, 0);
		for (const [key, entry] of entries) {
			if (entries.size <= MAX_RUNS && rows <= MAX_ROWS) break;
			entries.delete(key);
			rows -= entry.rows.size;
		}
	}
}
