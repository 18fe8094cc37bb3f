/** Keys whose text is joined into one string, a chunk of the table's key text. */
const CHUNK = 4096;

const grown = <T extends Float64Array | Uint32Array>(array: T, least: number): T => {
	if (array.length >= least) return array;
	const next = new (array.constructor as new (length: number) => T)(
		Math.max(least, array.length * 2),
	);
	next.set(array);
	return next;
};

/** FNV-1a, its bits then mixed so that the low ones (the slot) depend on every character. */
function hashOf(key: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
	hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
	hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
	return (hash ^ (hash >>> 16)) >>> 0;
}

/**
 * Text keys (link ids, saved link keys) to `columns` numbers each, in the order the keys were
 * first added; an entry is a key's number in that order. Held in typed arrays, the keys' text
 * joined a few thousand at a time: about 30 bytes a key where a `Map` of strings to numbers or
 * objects takes over 100, for a million links' totals or saved bases. No entry is ever removed.
 */
export class IdTable {
	/** Open addressing, at most half full: 0 is free, else the entry + 1. */
	private slots = new Int32Array(16);
	private hashes = new Uint32Array(8);
	/** Where each key's text ends in its chunk. */
	private ends = new Uint32Array(8);
	private values: Float64Array;
	private readonly chunks: string[] = [];
	/** The keys of the chunk being filled. */
	private recent: string[] = [];
	size = 0;

	constructor(readonly columns = 1) {
		this.values = new Float64Array(8 * columns);
	}

	/** The key's entry, or -1 when the table does not hold it. */
	find(key: string): number {
		const hash = hashOf(key);
		const mask = this.slots.length - 1;
		for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
			const entry = this.slots[slot] - 1;
			if (entry < 0) return -1;
			if (this.hashes[entry] === hash && this.holds(entry, key)) return entry;
		}
	}

	/** The key's entry, added with its numbers at 0 when the table does not hold it yet. */
	entry(key: string): number {
		const found = this.find(key);
		return found >= 0 ? found : this.append(key);
	}

	get(entry: number, column = 0): number {
		return this.values[entry * this.columns + column];
	}

	set(entry: number, value: number, column = 0): void {
		this.values[entry * this.columns + column] = value;
	}

	/** The key's first number, undefined when the table does not hold it. */
	valueOf(key: string): number | undefined {
		const entry = this.find(key);
		return entry < 0 ? undefined : this.get(entry);
	}

	/** Adds `amount` to the key's first number (0 when new). */
	add(key: string, amount: number): void {
		const entry = this.entry(key);
		this.set(entry, this.get(entry) + amount);
	}

	keyAt(entry: number): string {
		const chunk = Math.floor(entry / CHUNK);
		if (chunk === this.chunks.length) return this.recent[entry % CHUNK];
		return this.chunks[chunk].slice(this.startOf(entry), this.ends[entry]);
	}

	private startOf(entry: number): number {
		return entry % CHUNK === 0 ? 0 : this.ends[entry - 1];
	}

	private holds(entry: number, key: string): boolean {
		const chunk = Math.floor(entry / CHUNK);
		if (chunk === this.chunks.length) return this.recent[entry % CHUNK] === key;
		const start = this.startOf(entry);
		return this.ends[entry] - start === key.length && this.chunks[chunk].startsWith(key, start);
	}

	private append(key: string): number {
		const hash = hashOf(key);
		const entry = this.size++;
		if (this.size * 2 > this.slots.length) this.resize(this.slots.length * 2);
		this.hashes = grown(this.hashes, this.size);
		this.ends = grown(this.ends, this.size);
		this.values = grown(this.values, this.size * this.columns);
		this.hashes[entry] = hash;
		this.ends[entry] = this.startOf(entry) + key.length;
		this.place(entry);
		this.recent.push(key);
		if (this.recent.length === CHUNK) {
			this.chunks.push(this.recent.join(''));
			this.recent = [];
		}
		return entry;
	}

	private place(entry: number): void {
		const mask = this.slots.length - 1;
		let slot = this.hashes[entry] & mask;
		while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
		this.slots[slot] = entry + 1;
	}

	private resize(length: number): void {
		this.slots = new Int32Array(length);
		for (let entry = 0; entry < this.size - 1; entry++) this.place(entry);
	}
}
