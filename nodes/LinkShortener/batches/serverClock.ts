import type { IDataObject } from 'n8n-workflow';

import { headerOf } from '../http/headers';

/** How far before the send time the look-up reads while nothing of the server's clock is known (D7). */
const UNMEASURED_CLOCK_LAG_MS = 60_000;
/** Beyond what was measured: the server's clock may step, and `createdAt` may be taken early in its work. */
const MEASURED_CLOCK_ALLOWANCE_MS = 5_000;

/**
 * What a run has learnt of the server's clock (D7): a lower bound of how far it runs ahead of
 * n8n's (negative: behind). Each answer's `Date` header, and the `createdAt` of each link it
 * gave back, is a server time taken no later than n8n's clock when the answer arrived.
 */
export class ServerClock {
	private aheadAtLeast: number | undefined;

	/** An answer that arrived at `arrivedAt` (n8n's clock): its Date header and its links' createdAt. */
	observe(
		arrivedAt: number,
		headers: IDataObject | undefined,
		links: readonly unknown[] = [],
	): void {
		const date = headerOf(headers, 'date');
		if (date !== undefined) this.serverTimeBefore(Date.parse(date), arrivedAt);
		// The links of one bulk answer mostly share their createdAt: each distinct one is parsed once.
		let last: unknown;
		for (const link of links) {
			const createdAt = (link as IDataObject | undefined)?.createdAt;
			if (createdAt === last || typeof createdAt !== 'string') continue;
			last = createdAt;
			this.serverTimeBefore(Date.parse(createdAt), arrivedAt);
		}
	}

	/**
	 * The oldest `createdAt` (the server's clock) a link made by a request sent at `sentAt`
	 * (n8n's clock) can have: a look-up that reads back to it has read every such link.
	 */
	oldestFor(sentAt: number): number {
		return this.aheadAtLeast === undefined
			? sentAt - UNMEASURED_CLOCK_LAG_MS
			: sentAt + this.aheadAtLeast - MEASURED_CLOCK_ALLOWANCE_MS;
	}

	private serverTimeBefore(serverTime: number, localTime: number): void {
		if (!Number.isFinite(serverTime)) return;
		const ahead = serverTime - localTime;
		this.aheadAtLeast = Math.max(this.aheadAtLeast ?? -Infinity, ahead);
	}
}
