/**
 * The first `most` items offered, in the order `before` defines, kept while the items go by
 * (a heap whose root is the last item kept): memory for `most` items whatever is offered.
 * `most` 0 keeps every item.
 */
export class FirstInOrder<T> {
	private readonly kept: T[] = [];

	constructor(
		private readonly most: number,
		private readonly before: (a: T, b: T) => boolean,
	) {}

	private admits(item: T): boolean {
		return this.most === 0 || this.kept.length < this.most || this.before(item, this.kept[0]);
	}

	offer(item: T): void {
		if (!this.admits(item)) return;
		if (this.most === 0) {
			this.kept.push(item);
		} else if (this.kept.length < this.most) {
			this.kept.push(item);
			this.up(this.kept.length - 1);
		} else {
			this.kept[0] = item;
			this.down(0);
		}
	}

	/** The items kept, first first. */
	inOrder(): T[] {
		return [...this.kept].sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
	}

	/** Root: the last in order. A parent is never before its children. */
	private up(at: number): void {
		while (at > 0) {
			const parent = (at - 1) >> 1;
			if (!this.before(this.kept[parent], this.kept[at])) return;
			this.swap(parent, at);
			at = parent;
		}
	}

	private down(at: number): void {
		for (;;) {
			let last = at;
			for (const child of [2 * at + 1, 2 * at + 2])
				if (child < this.kept.length && this.before(this.kept[last], this.kept[child]))
					last = child;
			if (last === at) return;
			this.swap(at, last);
			at = last;
		}
	}

	private swap(a: number, b: number): void {
		[this.kept[a], this.kept[b]] = [this.kept[b], this.kept[a]];
	}
}
