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
