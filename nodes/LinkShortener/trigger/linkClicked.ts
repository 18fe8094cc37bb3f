import { linkKey, type ClickState, type LinkBase } from './clickState';
import { FirstInOrder } from './firstInOrder';

// A type, not an interface: its values are output records (IDataObject) as they are.
export type ClickedLink = {
	id: string;
	clicks: number;
	newClicks: number;
	/** When the link was last emitted, or the activation (ISO 8601). */
	since: string;
};

/** A link due, as the bounded selection keeps it: `since` in seconds after activation. */
interface DueLink {
	id: string;
	clicks: number;
	newClicks: number;
	since: number;
}

/** Waited longest first: the earliest since, then the most new clicks, then the id (as text). */
const waitedLonger = (a: DueLink, b: DueLink) =>
	a.since !== b.since
		? a.since < b.since
		: a.newClicks !== b.newClicks
			? a.newClicks > b.newClicks
			: a.id < b.id;

/**
 * Link Clicked: the links whose total grew by at least `minNewClicks` since they were last
 * emitted, at most `maxLinks` of them (0: all), those that have waited longest first. A link
 * due but not emitted keeps its base, so a later poll counts all its new clicks. A total that
 * went down (the server recounted, a link was deleted) becomes the new base silently, so
 * `newClicks` is never negative; a link absent from the totals has 0.
 */
export function linksClicked(
	state: ClickState,
	totals: ReadonlyMap<string, number>,
	now: number,
	minNewClicks: number,
	maxLinks: number,
): { clicked: ClickedLink[]; bases: Map<string, LinkBase> } {
	const nowSeconds = Math.max(0, Math.floor((now - state.activatedAt) / 1000));
	const bases = new Map<string, LinkBase>();
	const due = new FirstInOrder<DueLink>(maxLinks, waitedLonger);
	for (const [id, clicks] of totals) {
		if (clicks <= 0) continue;
		const key = linkKey(id);
		const base = state.bases.get(key) ?? { clicks: 0, since: 0 };
		if (clicks - base.clicks >= minNewClicks)
			due.offer({ id, clicks, newClicks: clicks - base.clicks, since: base.since });
		bases.set(key, clicks < base.clicks ? { clicks, since: base.since } : base);
	}
	const clicked = due.inOrder().map((link) => {
		bases.set(linkKey(link.id), { clicks: link.clicks, since: nowSeconds });
		const since = new Date(state.activatedAt + link.since * 1000).toISOString();
		return { id: link.id, clicks: link.clicks, newClicks: link.newClicks, since };
	});
	return { clicked, bases };
}

/** The bases at activation: every link's total now. */
export function basesAt(totals: ReadonlyMap<string, number>): Map<string, LinkBase> {
	const bases = new Map<string, LinkBase>();
	for (const [id, clicks] of totals) if (clicks > 0) bases.set(linkKey(id), { clicks, since: 0 });
	return bases;
}
