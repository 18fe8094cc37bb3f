import type { INodeProperties } from 'n8n-workflow';

import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { SEEDED } from '../../dev/sandbox/server';
import {
	BULK_CREATE_PATH,
	BULK_UPDATE_PATH,
	createMany,
	detailsOf,
	linkRows,
	loadedAsN8nDoes,
	updateMany,
} from '../helpers/bulk';

describe("Bulk operations honour n8n's Request Options", () => {
	const ls = useLinkShortener();
	ls.engine.nodeTypes.register(NODE_TYPE, loadedAsN8nDoes());

	it('n8n shows Request Options for this node', () => {
		const names = (loadedAsN8nDoes().description.properties as INodeProperties[]).map(
			(property) => property.name,
		);
		expect(names).toContain('requestOptions');
	});

	it('Timeout: a bulk update answered later than the timeout is in doubt, not waited for', async () => {
		ls.sandbox.injectFault({
			method: 'PATCH',
			path: BULK_UPDATE_PATH,
			fault: { kind: 'delay', ms: 3_000 },
		});

		const { items } = await ls.run(
			updateMany({ mappingMode: 'autoMap', requestOptions: { timeout: 200 } }),
			[{ id: SEEDED.ownLinks[0].id, title: 'Late' }],
			{ continueOnFail: true },
		);

		expect(items).toHaveLength(1);
		expect(detailsOf(items[0])).toMatchObject({ inputItem: 0, outcome: 'inDoubt' });
		expect(items[0].json.error).toMatch(/^In doubt: The connection was aborted/);
	});

	it('Batching: a pause of Batch Interval after every Items per Batch rows sent', async () => {
		const requestOptions = { batching: { batch: { batchSize: 2, batchInterval: 300 } } };

		const { items } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2 }, requestOptions }),
			linkRows(6),
		);

		expect(items).toHaveLength(6);
		const sent = ls.sandbox.requests.filter((request) => request.path === BULK_CREATE_PATH);
		expect(sent.map((request) => request.bodyItems)).toEqual([2, 2, 2]);
		expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(295);
		expect(sent[2].at - sent[1].at).toBeGreaterThanOrEqual(295);
	});
});
