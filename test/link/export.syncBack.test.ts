import { BULK_CREATE_PATH, BULK_UPDATE_PATH, syncMany } from '../helpers/bulk';
import { parseCsv } from '../helpers/csv';
import { useLinkShortener } from '../helpers/fixture';
import { loadExample, outputOf } from '../helpers/examples';
import { readWriteFileStandIn, scheduleTriggerStandIn } from '../helpers/exampleStandIns';

/** D20: an exported file read back as a spreadsheet and given to Sync Many changes nothing. */
describe('Link > Export, then Sync Many of the file', () => {
	const ls = useLinkShortener();

	it('finds every row unchanged and sends no write; an edited row is the only update', async () => {
		const links = ls.sandbox.addLinks(120);
		const titles = [
			'=1+1',
			"'=quoted formula",
			'a, "quoted" title',
			'two\nlines',
			'-5 off',
			'@mention',
			'\ttab',
		];
		titles.forEach((title, i) => (links[i].title = title));
		links[0].tags = [{ name: '+plus' }, { name: 'b' }] as never;
		links[1].expiredAt = '2030-01-31T00:00:00.000Z';

		const exported = await ls.run({ resource: 'link', operation: 'export' });
		const text = Buffer.from(exported.items[0].binary!.data.data, 'base64').toString('utf8');
		const rows = parseCsv(text);
		expect(rows).toHaveLength(123);
		expect(rows[3].title).toBe("'=1+1");

		ls.sandbox.clearRequests();
		const synced = await ls.run(syncMany(), rows);
		expect(synced.error).toBeUndefined();
		expect(
			synced.items.filter((item) => item.json.syncAction !== 'unchanged').map((item) => item.json),
		).toEqual([]);
		expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(0);
		expect(ls.requestsTo(BULK_UPDATE_PATH)).toHaveLength(0);

		rows[5].title = 'Edited';
		const edited = await ls.run(syncMany(), rows);
		expect(edited.items.filter((item) => item.json.syncAction === 'updated')).toHaveLength(1);
		expect(ls.requestsTo(BULK_UPDATE_PATH).at(-1)?.body).toEqual([
			{ id: links[2].id, title: 'Edited' },
		]);
	});

	it('the nightly export example: every link in one CSV file, oldest first', async () => {
		ls.engine.nodeTypes.register('n8n-nodes-base.scheduleTrigger', scheduleTriggerStandIn);
		ls.engine.nodeTypes.register('n8n-nodes-base.readWriteFile', readWriteFileStandIn);
		ls.sandbox.addLinks(130);
		const run = await ls.engine.runWorkflow(
			loadExample('export-links-to-file.json'),
			ls.credentials,
		);

		const [file] = outputOf(run, 'Export every link');
		expect(file.json).toMatchObject({ links: 133, format: 'csv' });
		const text = Buffer.from(file.binary!.data.data, 'base64').toString('utf8');
		expect(text.split('\r\n')).toHaveLength(1 + 133 + 1);
		expect(ls.sandbox.requests.every((r) => r.path === '/v1/links/list')).toBe(true);
	});
});
