import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';

/** Every operation of the node with its resource: the options of each resource's "operation" field. */
export function operations(): Array<{
	name: string;
	resource: string;
	option: INodePropertyOptions;
}> {
	const fields = new LinkShortener().description.properties as INodeProperties[];
	return fields
		.filter((field) => field.name === 'operation')
		.flatMap((field) => {
			const resource = (field.displayOptions?.show?.resource as string[])[0];
			return (field.options as INodePropertyOptions[]).map((option) => ({
				name: `${resource}.${option.value}`,
				resource,
				option,
			}));
		});
}
