import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';

/** Every operation of the node with its resource: the options of each resource's "operation" field. */
function operations(): Array<{ name: string; resource: string; option: INodePropertyOptions }> {
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

describe('how the operations run', () => {
	const node = new LinkShortener();

	it.each(operations())('$name runs as code, through customOperations', ({ resource, option }) => {
		expect(typeof node.customOperations[resource as 'link'][String(option.value)]).toBe('function');
	});

	it('the operations that answer each row on its own also run through routing, for n8n’s MCP tool path', () => {
		const routed = operations().filter(({ option }) => option.routing);
		expect(routed.map(({ name }) => name).sort()).toEqual([
			'analytics.getClicks',
			'domain.getMany',
			'link.create',
			'link.get',
			'link.getMany',
		]);
		for (const { option } of routed) {
			// Only the hook where code sends the row's requests: no request, preSend or postReceive of n8n's.
			expect(option.routing).toEqual({
				send: { paginate: true },
				operations: { pagination: expect.any(Function) },
			});
		}
	});
});
