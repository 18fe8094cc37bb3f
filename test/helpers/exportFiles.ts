import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

/** The file an export wrote into an item's binary property, as text. */
export function fileOf(
	item: INodeExecutionData,
	property = 'data',
): { text: string; binary: IBinaryData } {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`no binary property ${property} in ${JSON.stringify(item)}`);
	return { text: Buffer.from(binary.data, 'base64').toString('utf8'), binary };
}

/** The objects of a JSON Lines file, each line ending in `\n`. */
export function jsonLinesOf(text: string): Array<Record<string, unknown>> {
	if (text === '') return [];
	if (!text.endsWith('\n')) throw new Error('The JSON Lines file does not end with a newline');
	return text
		.slice(0, -1)
		.split('\n')
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Export Clicks' parameters. */
export const exportClicks = (parameters: object = {}) => ({
	resource: 'analytics',
	operation: 'exportClicks',
	...parameters,
});
