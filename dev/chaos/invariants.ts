/**
 * What must hold after a chaos run whatever failed (see plan.ts). Each check answers the
 * violations it found, as sentences naming the row, so that a failing seed says what broke.
 */
import type { ChaosRun } from './plan';

/** An output item with the input row it is paired to (the regular and the error output together). */
export interface PairedItem {
	json: Record<string, unknown>;
	inputItem?: number;
}

/** The links the server holds, as far as the checks need them. */
export interface ServerLink {
	id: string;
	longUrl: string;
	path: string;
	title: string;
}

/** The sandbox's links as the checks read them. */
export function serverLinksOf(links: Map<string, ServerLink>): ServerLink[] {
	return [...links.values()].map(({ id, longUrl, path, title }) => ({ id, longUrl, path, title }));
}

/**
 * The error outcome that says a row's link was not created: it may not stand beside a link the
 * server has (only "inDoubt" may). "notLookedUp" and "notSent" say that this run wrote nothing
 * for the row, which holds beside a link an earlier run made.
 */
const NOT_CREATED = 'notCreated';

/** An error item's outcome: in its details, or told in its message on the error output. */
export function outcomeOf(item: PairedItem): string {
	const details = item.json.details as Record<string, unknown> | undefined;
	if (details?.outcome !== undefined) return String(details.outcome);
	return /[(;] ?outcome: (\w+)/.exec(String(item.json.message ?? ''))?.[1] ?? '';
}

/** Every row exactly one item, none of them the input row handed on; no long URL twice on the server. */
function checkEveryRowOnce(
	rows: ChaosRun['rows'],
	items: PairedItem[],
	links: ServerLink[],
): string[] {
	const problems: string[] = [];
	const paired = items.map((item) => item.inputItem ?? -1).sort((a, b) => a - b);
	const expected = rows.map((_, i) => i);
	if (JSON.stringify(paired) !== JSON.stringify(expected))
		problems.push(
			`items are paired to rows ${JSON.stringify(paired)}, not one each of 0-${rows.length - 1}`,
		);
	for (const item of items) {
		const row = rows[item.inputItem ?? -1];
		if (row && JSON.stringify(item.json) === JSON.stringify(row))
			problems.push(`input item ${item.inputItem} was handed on as it came in`);
	}
	const seen = new Map<string, number>();
	for (const link of links) seen.set(link.longUrl, (seen.get(link.longUrl) ?? 0) + 1);
	for (const row of rows) {
		const count = seen.get(String(row.longUrl)) ?? 0;
		if (count > 1) problems.push(`${String(row.longUrl)} was created ${count} times`);
	}
	return problems;
}

/** The invariants of one run (create, update or sync) over the server's links afterwards. */
export function checkRun(run: ChaosRun, items: PairedItem[], links: ServerLink[]): string[] {
	const problems = checkEveryRowOnce(run.rows, items, links);
	const byPath = new Map(links.map((link) => [link.path, link]));
	const byId = new Map(links.map((link) => [link.id, link]));
	const hasUrl = new Set(links.map((link) => link.longUrl));
	for (const item of items) {
		const index = item.inputItem ?? -1;
		const row = run.rows[index];
		if (!row) continue;
		const name = `input item ${index} (${run.name})`;
		if (item.json.error !== undefined) {
			if (
				run.name !== 'update' &&
				outcomeOf(item) === NOT_CREATED &&
				hasUrl.has(String(row.longUrl))
			)
				problems.push(`${name} says "${outcomeOf(item)}" but the server has its link`);
			continue;
		}
		const link =
			run.name === 'create' ? byId.get(String(item.json.id)) : byPath.get(String(row.path));
		if (!link) {
			problems.push(`${name} says it succeeded but the server has no such link`);
			continue;
		}
		if (run.name !== 'update' && link.longUrl !== row.longUrl)
			problems.push(`${name} names a link to ${link.longUrl}, not ${String(row.longUrl)}`);
		if (run.name !== 'create' && link.title !== row.title)
			problems.push(`${name} says it succeeded but the link's title is "${link.title}"`);
	}
	return problems;
}

/**
 * After a fault-free Sync Many: no error, every row's link exactly once with its title, and
 * exactly the rows that were missing before were created.
 */
export function checkConverged(
	rows: ChaosRun['rows'],
	items: PairedItem[],
	links: ServerLink[],
	missingBefore: number,
): string[] {
	const problems = checkEveryRowOnce(rows, items, links);
	const errors = items.filter((item) => item.json.error !== undefined);
	if (errors.length > 0)
		problems.push(
			`the fault-free sync gave ${errors.length} error items, the first: ${String(errors[0].json.error)}`,
		);
	const byUrl = new Map(links.map((link) => [link.longUrl, link]));
	for (const [i, row] of rows.entries()) {
		const link = byUrl.get(String(row.longUrl));
		if (!link || link.title !== row.title)
			problems.push(
				`after the fault-free sync, row ${i}'s link is ${link ? `titled "${link.title}"` : 'missing'}`,
			);
	}
	const created = items.filter((item) => item.json.syncAction === 'created').length;
	if (created !== missingBefore)
		problems.push(`the fault-free sync created ${created} links; ${missingBefore} were missing`);
	return problems;
}
