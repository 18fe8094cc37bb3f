import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { operations } from '../helpers/nodeOperations';

describe('how the operations run', () => {
	const node = new LinkShortener();

	it.each(operations())(
		'$name runs as code, through customOperations, and through routing for n8n’s tool path',
		({ resource, option }) => {
			expect(typeof node.customOperations[resource as 'link'][String(option.value)]).toBe(
				'function',
			);
			// Only the hook where code runs the row: no request, preSend or postReceive of n8n's.
			expect(option.routing).toEqual({
				send: { paginate: true },
				operations: { pagination: expect.any(Function) },
			});
		},
	);
});

describe('the defaults a saved workflow relies on', () => {
	// n8n saves no parameter at its default: a Link > Create node saved by 0.1 or 0.2 holds
	// neither `resource` nor `operation`, so these defaults are part of the contract.
	const properties = new LinkShortener().description.properties;
	const defaultOf = (name: string, resource?: string) =>
		properties.find(
			(p) =>
				p.name === name &&
				(resource === undefined || p.displayOptions?.show?.resource?.includes(resource)),
		)?.default;

	it('keeps the resource and each resource’s operation as 0.1.0 and 0.2.0 had them', () => {
		expect(defaultOf('resource')).toBe('link');
		expect({
			link: defaultOf('operation', 'link'),
			bulk: defaultOf('operation', 'bulk'),
			analytics: defaultOf('operation', 'analytics'),
			domain: defaultOf('operation', 'domain'),
		}).toEqual({ link: 'create', bulk: 'createMany', analytics: 'getClicks', domain: 'getMany' });
	});
});
