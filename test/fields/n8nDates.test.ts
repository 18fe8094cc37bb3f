import { Workflow, type IDataObject } from 'n8n-workflow';

import { BULK_CREATE_PATH, createMany } from '../helpers/bulk';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { STUB_NODE } from '../helpers/stubNode';

describe("n8n's date values (Luxon DateTime)", () => {
	const ls = useLinkShortener();

	/** A date as n8n's expressions make it: a Luxon DateTime of n8n-workflow's own Luxon. */
	function n8nDate(iso: string, zone: string): IDataObject {
		const node = { ...STUB_NODE, type: NODE_TYPE };
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: ls.engine.nodeTypes,
		});
		const date: unknown = workflow.expression.getSimpleParameterValue(
			node,
			`={{ DateTime.fromISO("${iso}", { zone: "${zone}" }) }}`,
			'internal',
			{},
		);
		return date as IDataObject;
	}

	it('Expires At of an expression: n8n hands the node its text, read as an ISO date-time', async () => {
		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/luxon',
			additionalFields: {
				expiredAt: '={{ DateTime.fromISO("2030-02-28T10:00:00", { zone: "UTC+2" }) }}',
			},
		});

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests[0].body).toMatchObject({ expiredAt: '2030-02-28T08:00:00.000Z' });
		expect(items[0].json.expiredAt).toBe('2030-02-28T08:00:00.000Z');
	});

	it("an item's column holding a DateTime (Map Automatically): read by its toISO", async () => {
		const expiredAt = n8nDate('2030-02-28T10:00:00', 'UTC+2');
		expect(typeof expiredAt).toBe('object');

		const { error } = await ls.run(createMany({ mappingMode: 'autoMap' }), [
			{ longUrl: 'https://example.com/luxon-column', expiredAt },
		]);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_CREATE_PATH)[0].body).toEqual([
			{ longUrl: 'https://example.com/luxon-column', expiredAt: '2030-02-28T08:00:00.000Z' },
		]);
	});
});
