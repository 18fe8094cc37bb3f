import { sleep } from 'n8n-workflow';

/** Asks for one page and hands back the answer's body. */
export type FetchPage = (page: number, itemsPerPage: number) => Promise<unknown>;

/**
 * The pages asked for and not yet read. Each page's request starts at most once; answers of
 * pages the reader no longer wants are dropped, their errors included.
 */
export class PageWindow {
	private readonly pending = new Map<number, Promise<unknown>>();

	/** Resolves one timer turn after the last request started; undefined once it has. */
	private spacing: Promise<void> | undefined;

	/** Requests sent and not yet answered. */
	private sent = 0;

	constructor(
		private readonly fetchPage: FetchPage,
		private readonly itemsPerPage: number,
	) {}

	/** Asks for page `from` and the pages after it up to `to`, `concurrency` at most in flight. */
	ask(from: number, to: number, concurrency: number): void {
		for (
			let number = from;
			number <= to && this.pending.size < Math.max(1, concurrency);
			number++
		) {
			if (this.pending.has(number)) continue;
			const answer = this.start(number);
			answer.catch(() => undefined);
			this.pending.set(number, answer);
		}
	}

	/**
	 * Starts a page's request at once, unless another one started less than a timer turn ago
	 * and is still unanswered: then one timer turn (`sleep(0)`) after that one, so that in n8n
	 * one answer's CPU runs while the others still wait (docs/performance.md, In real n8n:
	 * 0.62 s together, 0.53 s spaced).
	 */
	private start(number: number): Promise<unknown> {
		const after = this.sent > 0 ? this.spacing : undefined;
		const turn = (after ?? Promise.resolve()).then(async () => await sleep(0));
		this.spacing = turn;
		void turn.then(() => {
			if (this.spacing === turn) this.spacing = undefined;
		});
		const send = async () => {
			this.sent++;
			try {
				return await this.fetchPage(number, this.itemsPerPage);
			} finally {
				this.sent--;
			}
		};
		return after ? after.then(send) : send();
	}

	async take(number: number): Promise<unknown> {
		const answer = this.pending.get(number) ?? this.start(number);
		this.pending.delete(number);
		return await answer;
	}

	/** Waits for the pages no longer wanted, so that no request outlives the listing. */
	async settle(): Promise<void> {
		await Promise.allSettled(this.pending.values());
		this.pending.clear();
	}
}
