import type { IDataObject } from 'n8n-workflow';

/**
 * The ids of the links given to rows of a run, so that a look-up never gives one to a second
 * row. Kept a batch at a time and read into a Set only when a look-up needs them: a run whose
 * batches all succeed (the usual one) builds no Set of 100,000 ids.
 */
export class ClaimedLinks {
	private readonly ids = new Set<string>();

	private readonly unread: Array<readonly IDataObject[]> = [];

	/** The links given to rows; the list is not changed afterwards. */
	add(links: readonly IDataObject[]): void {
		this.unread.push(links);
	}

	/** Every id claimed so far; a look-up adds the ids of the links it matches. */
	idSet(): Set<string> {
		for (const links of this.unread) for (const link of links) this.ids.add(String(link.id));
		this.unread.length = 0;
		return this.ids;
	}
}
