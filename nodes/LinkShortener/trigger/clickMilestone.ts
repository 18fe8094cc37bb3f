import { linkKey } from './clickState';

/**
 * Link Reached a Click Count: the links whose total reached `milestone` and were not announced
 * yet (nor past it at activation); each is announced once.
 */
export function linksReaching(
	reached: ReadonlySet<string>,
	totals: ReadonlyMap<string, number>,
	milestone: number,
): { ids: string[]; reached: Set<string> } {
	const next = new Set(reached);
	const ids: string[] = [];
	for (const [id, clicks] of totals) {
		const key = linkKey(id);
		if (clicks < milestone || next.has(key)) continue;
		next.add(key);
		ids.push(id);
	}
	return { ids, reached: next };
}
