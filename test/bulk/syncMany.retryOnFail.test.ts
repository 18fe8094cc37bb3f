import type { IDataObject } from 'n8n-workflow';

import { BULK_CREATE_PATH, BULK_UPDATE_PATH } from '../helpers/bulk';
import { useLinkShortener } from '../helpers/fixture';

const retryOnFail = { nodeOverrides: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } };
const syncMany = { resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap' };

describe('Bulk > Sync Many with Retry On Fail', () => {
	const ls = useLinkShortener();

	it('a 503 on the update: the retry updates, creates nothing twice; the row created by the first try now reads unchanged', async () => {
		const [existing] = ls.sandbox.addLinks(1, { title: 'Old' });
		ls.sandbox.injectFault({
			method: 'PATCH',
			path: BULK_UPDATE_PATH,
			times: 1,
			fault: { kind: 'status', status: 503 },
		});
		const rows = [
			{ path: existing.path, longUrl: existing.longUrl, title: 'New' },
			{ path: 'retry-new', longUrl: 'https://example.com/retry-new', title: 'Fresh' },
		];

		const { items, run } = await ls.run(syncMany, rows, retryOnFail);

		expect([run.data.resultData.error, run.data.resultData.runData.Node[0].error]).toEqual([
			undefined,
			undefined,
		]);
		expect(ls.requestsTo(BULK_UPDATE_PATH).map((request) => request.status)).toEqual([503, 200]);
		expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(1);
		expect([...ls.sandbox.links.values()].filter((link) => link.path === 'retry-new')).toHaveLength(
			1,
		);
		expect(ls.sandbox.links.get(existing.id)?.title).toBe('New');
		expect(items.map((item) => [item.json.syncAction, (item.json as IDataObject).title])).toEqual([
			['updated', 'New'],
			// it exists now, equal to its row: the retry's look-up cannot tell it was created by the first try
			['unchanged', 'Fresh'],
		]);
	});
});
