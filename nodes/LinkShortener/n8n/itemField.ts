import type { NodeRun } from './nodeRun';

/** `={{ $json.name }}` or `={{ $json["name"] }}`, nothing else. */
const ONE_FIELD =
	/^=\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*\])\s*\}\}$/;

/**
 * A parameter of row `index`. One that is exactly `{{ $json.<field> }}` is that field of the
 * input item, as n8n documents `$json` (the current item's JSON): read from the item, not
 * through n8n's expression engine, which costs about 1 ms an item in n8n 2.41 and copies the
 * value out of its isolate (a list of 100,000 rows passes its 128 MB limit). Anything else is
 * n8n's evaluation.
 */
export function parameterOfRow(
	run: NodeRun,
	name: string,
	index: number,
	fallback: unknown,
): unknown {
	const raw = run.getNodeParameter(name, index, fallback, { rawExpressions: true });
	const field = typeof raw === 'string' ? ONE_FIELD.exec(raw) : null;
	if (!field) return run.getNodeParameter(name, index, fallback);
	return run.getInputData()[index]?.json[field[1] ?? field[2] ?? field[3]];
}
