import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { outputRecords, rememberRequest } from '../../nodes/LinkShortener/routing/routedAnswer';
import { routedOperation } from '../../nodes/LinkShortener/routing/routedOperation';

/** Every operation of the node with its resource: the options of each resource's "operation" field. */
function operations(): Array<{ name: string; option: INodePropertyOptions }> {
	const fields = new LinkShortener().description.properties as INodeProperties[];
	return fields
		.filter((field) => field.name === 'operation')
		.flatMap((field) => {
			const resource = (field.displayOptions?.show?.resource as string[])[0];
			return (field.options as INodePropertyOptions[]).map((option) => ({
				name: `${resource}.${option.value}`,
				option,
			}));
		});
}

describe('routed operations', () => {
	const routed = operations().filter(({ option }) => option.routing);

	it('are the operations n8n routes: the bulk ones and Link > Update run as code', () => {
		expect(routed.map(({ name }) => name).sort()).toEqual([
			'analytics.getClicks',
			'domain.getMany',
			'link.create',
			'link.get',
			'link.getMany',
		]);
	});

	it.each(routed.filter(({ name }) => !name.endsWith('.getMany')))(
		'$name keeps its request (last preSend) and reads its answer through outputRecords (first postReceive)',
		({ option }) => {
			const preSend = option.routing?.send?.preSend ?? [];
			const postReceive = option.routing?.output?.postReceive ?? [];
			expect(preSend[preSend.length - 1]).toBe(rememberRequest);
			expect(postReceive[0]).toBe(outputRecords);
		},
	);

	it.each(routed)(
		'$name sends through a function of its own, where a failed row becomes its own paired error item',
		({ option }) => {
			expect(option.routing?.send?.paginate).toBe(true);
			expect(typeof option.routing?.operations?.pagination).toBe('function');
		},
	);

	it.each(routed.filter(({ name }) => name.endsWith('.getMany')))(
		'$name is paginated by the pager, not by n8n sending one request per page',
		({ option }) => {
			expect(option.routing?.output).toBeUndefined();
		},
	);

	it('routedOperation puts the hooks in place around what an operation adds', () => {
		const check = async function (this: unknown, options: object) {
			return options;
		};
		const extra = async function (this: unknown, items: unknown[]) {
			return items;
		};
		const option = routedOperation({
			name: 'X',
			value: 'x',
			description: 'x',
			action: 'x',
			request: { method: 'GET', url: '/x' },
			check: check as never,
			postReceive: [extra as never],
		});
		const preSend = option.routing?.send?.preSend ?? [];
		// the credential's Base URL first, the row's check (two steps), then the request kept
		expect(preSend).toHaveLength(4);
		expect(preSend[3]).toBe(rememberRequest);
		expect(option.routing?.output?.postReceive).toEqual([outputRecords, extra]);
	});
});
