import type { NodeExecutionHint } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import { INPUT_ITEMS, type RowNoun } from './rowNoun';

/** What a bulk run tells the user beside its output, as n8n execution hints (shown above the output). */
export class RunHints {
	private readonly utmReplaced = new Map<number, readonly string[]>();

	private existing = 0;

	private readonly more: NodeExecutionHint[] = [];

	/** `noun`: what the hints call the rows, input items or the rows of JSON lists. */
	constructor(private readonly noun: RowNoun = INPUT_ITEMS) {}

	/** The callback a body builder calls when the UTM fields replaced utm_* keys the row's long URL had. */
	utmReplacedIn(row: number): (keys: readonly string[]) => void {
		return (keys) => {
			if (keys.length) this.utmReplaced.set(row, keys);
		};
	}

	/** A hint of its own (the columns Map Automatically did not use). */
	add(hint: NodeExecutionHint | undefined): void {
		if (hint) this.more.push(hint);
	}

	rowsExisting(count: number): void {
		this.existing = count;
	}

	addTo(context: NodeRun, rowCount: number): void {
		const hints: NodeExecutionHint[] = [];
		if (this.existing > 0) {
			hints.push({
				type: 'info',
				location: 'outputPane',
				message: `${this.existing} of ${rowCount} items were not created: the account already had a link with the same long URL, or an earlier item had it (If Link Exists: Return Existing). Their items have "linkCreated": false.`,
			});
		}
		if (this.utmReplaced.size > 0) {
			const [[row, keys]] = this.utmReplaced;
			hints.push({
				type: 'info',
				location: 'outputPane',
				message: `The UTM fields replaced utm_* parameters that ${this.utmReplaced.size} long URL(s) already had (first: ${this.noun.one} ${row}, ${keys.join(', ')}).`,
			});
		}
		hints.push(...this.more);
		if (hints.length) context.addExecutionHints(...hints);
	}
}

/** Above this many items from one row, items are the wrong shape for the job (D20, D21). */
const MANY_ITEMS = 100_000;

/**
 * When a row gave more than MANY_ITEMS items, a hint of what they cost n8n (about 5 KB an
 * item, held in memory and saved with the execution) and of the export to use instead.
 */
export function hintWhenMany(
	context: NodeRun,
	count: number,
	words: { gave: string; record: string; instead: string },
): void {
	if (count <= MANY_ITEMS) return;
	const { gave, record, instead } = words;
	const megabytes = Math.round((count * 5) / 1000).toLocaleString('en-US');
	context.addExecutionHints({
		type: 'info',
		location: 'outputPane',
		message: `${gave} ${count.toLocaleString('en-US')} ${record}s, one item each: n8n holds every item in memory (about 5 KB a ${record}, about ${megabytes} MB here) and saves it with the execution. ${instead}: one file, written as it is read, whatever the account's size.`,
	});
}
