import { linkKey, type ClickState, type LinkBase } from './clickState';

// A type, not an interface: its values are output records (IDataObject) as they are.
export type ClickedLink = {
	id: string;
	clicks: number;
	newClicks: number;
	/** When the link was last emitted, or the activation (ISO 8601). */
	since: string;
};

/**
 * Link Clicked: every link whose total grew by at least `minNewClicks` since it was last
 * emitted. A total that went down (the server recounted, a link was deleted) becomes the new
 * base silently, so `newClicks` is never negative; a link absent from the totals has 0.
 */
export function linksClicked(
	state: ClickState,
	totals: ReadonlyMap<string, number>,
	now: number,
	minNewClicks: number,
): { clicked: ClickedLink[]; bases: Map<string, LinkBase> } {
	const nowSeconds = Math.max(0, Math.floor((now - state.activatedAt) / 1000));
	const bases = new Map<string, LinkBase>();
	const clicked: ClickedLink[] = [];
	for (const [id, clicks] of totals) {
		if (clicks <= 0) continue;
		const key = linkKey(id);
		const base = state.bases.get(key) ?? { clicks: 0, since: 0 };
		if (clicks - base.clicks >= minNewClicks) {
			const since = new Date(state.activatedAt + base.since * 1000).toISOString();
			clicked.push({ id, clicks, newClicks: clicks - base.clicks, since });
			bases.set(key, { clicks, since: nowSeconds });
		} else {
			bases.set(key, clicks < base.clicks ? { clicks, since: base.since } : base);
		}
	}
	return { clicked, bases };
}

/** The bases at activation: every link's total now. */
export function basesAt(totals: ReadonlyMap<string, number>): Map<string, LinkBase> {
	const bases = new Map<string, LinkBase>();
	for (const [id, clicks] of totals) if (clicks > 0) bases.set(linkKey(id), { clicks, since: 0 });
	return bases;
}
