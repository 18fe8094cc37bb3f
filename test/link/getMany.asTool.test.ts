import { TOOL_TYPE, useLinkShortener } from '../helpers/fixture';
import { LINK_RECORD_KEYS } from '../helpers/linkRecord';

const getMany = (parameters: object) => ({ resource: 'link', operation: 'getMany', ...parameters });

describe('Link > Get Many as an AI agent’s tool', () => {
	const ls = useLinkShortener();

	it('answers at most 50 links, with the fields a model needs, and no QR images', async () => {
		ls.sandbox.addLinks(180, { title: 'Spring' });

		const { items, error } = await ls.run(
			getMany({ returnAll: true, options: { qrCode: 'png' } }),
			undefined,
			{ type: TOOL_TYPE },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(50);
		// the Link record of the API (spec 2.2), nothing else (D18)
		expect(Object.keys(items[0].json).sort()).toEqual(LINK_RECORD_KEYS);
		expect(items.every((item) => item.binary === undefined)).toBe(true);
		// the pages for 50 links at the size served, not the whole account
		expect(ls.requestsTo('/v1/links/list')).toHaveLength(Math.ceil(50 / ls.sandbox.pageSizeCap));
	});

	it('keeps a smaller Limit, and the node itself is unchanged', async () => {
		ls.sandbox.addLinks(80);
		const asTool = await ls.run(getMany({ returnAll: false, limit: 7 }), undefined, {
			type: TOOL_TYPE,
		});
		const asNode = await ls.run(getMany({ returnAll: true, options: { qrCode: 'svg' } }));

		expect(asTool.items).toHaveLength(7);
		expect(asNode.items).toHaveLength(83);
		expect(asNode.items[0].json.domain).toBeDefined();
		expect(asNode.items[0].binary?.qrCode?.mimeType).toBe('image/svg+xml');
	});
});
