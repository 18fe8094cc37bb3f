import type { PreparedRow } from './ledger';

/** At most `most` rows in flight with the same key; a row without a key is not held back. */
export interface PerKey<Checked> {
	most: number;
	keyOf(checked: Checked): string | undefined;
}

/**
 * The rows of a send, taken in input order while their key has room: a row whose key is full
 * waits aside (holding no place in flight) and the next row is taken instead; a row given back
 * hands its key to the first row waiting for it.
 */
export class PacedRows<Checked> {
	private next = 0;
	private readonly held = new Map<string, number>();
	private readonly waiting = new Map<string, Array<PreparedRow<Checked>>>();
	private readonly handedOn: Array<PreparedRow<Checked>> = [];

	constructor(
		private readonly rows: Array<PreparedRow<Checked>>,
		private readonly perKey?: PerKey<Checked>,
	) {}

	/** The next row that may be sent now, its key held; undefined when every row left waits. */
	take(): PreparedRow<Checked> | undefined {
		const handed = this.handedOn.shift();
		if (handed) return handed;
		while (this.next < this.rows.length) {
			const row = this.rows[this.next++];
			const key = this.keyOf(row);
			if (key === undefined || !this.perKey) return row;
			const held = this.held.get(key) ?? 0;
			if (held < this.perKey.most) {
				this.held.set(key, held + 1);
				return row;
			}
			const waiting = this.waiting.get(key);
			if (waiting) waiting.push(row);
			else this.waiting.set(key, [row]);
		}
		return undefined;
	}

	/** Gives back a sent row's key: the first row waiting for it takes it, to be taken next. */
	done(row: PreparedRow<Checked>): void {
		const key = this.keyOf(row);
		if (key === undefined) return;
		const waiter = this.waiting.get(key)?.shift();
		if (waiter) this.handedOn.push(waiter);
		else this.held.set(key, (this.held.get(key) ?? 1) - 1);
	}

	private keyOf(row: PreparedRow<Checked>): string | undefined {
		return this.perKey?.keyOf(row.element);
	}
}
