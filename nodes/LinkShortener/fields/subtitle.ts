import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The node's subtitle on the canvas, in words ("Create: Link", "Create Many: Bulk"): the
 * display names of the chosen operation and resource, looked up by an expression in a table
 * built from the node's own properties, so it follows any rename of a display name.
 */
export function operationSubtitle(properties: INodeProperties[]): string {
	const options = (property?: INodeProperties) =>
		(property?.options ?? []) as INodePropertyOptions[];
	const resources = Object.fromEntries(
		options(properties.find((property) => property.name === 'resource')).map(({ value, name }) => [
			value,
			name,
		]),
	);
	const operations: Record<string, string> = {};
	for (const property of properties.filter((candidate) => candidate.name === 'operation')) {
		for (const resource of (property.displayOptions?.show?.resource ?? []) as string[]) {
			for (const { value, name } of options(property))
				operations[`${resource}.${String(value)}`] = name;
		}
	}
	return `={{ (${JSON.stringify(operations)})[$parameter["resource"] + "." + $parameter["operation"]] + ": " + (${JSON.stringify(resources)})[$parameter["resource"]] }}`;
}
