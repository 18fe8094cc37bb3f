import type { IDataObject } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';
import { SEEDED } from '../../dev/sandbox/server';
import {
	BULK_UPDATE_PATH,
	detailsOf,
	errorRows,
	pairedIndices,
	summary,
	updateMany,
} from '../helpers/bulk';

const path = BULK_UPDATE_PATH;
const MISSING_ID = '0badc0de-0000-4000-8000-000000000000';
const [own0, own1, own2] = SEEDED.ownLinks.map((link) => link.id);
const foreign0 = SEEDED.foreignLinks[0].id;

describe('Bulk > Update Many', () => {
	const ls = useLinkShortener();
	const titleOf = (id: string) => ls.sandbox.links.get(id)?.title;

	/** Own links, a missing one and a foreign one, each with a new title. */
	const mixedRows = () =>
		[own0, MISSING_ID, own1, foreign0, own2].map((id, i) => ({ id, title: `New title ${i}` }));

	it('a batch refused for missing and foreign ids is sent again in halves: good rows are updated, bad rows are error items', async () => {
		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), mixedRows(), {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['PATCH', path, 404, 5],
			['PATCH', path, 404, 3],
			['PATCH', path, 404, 2],
			['PATCH', path, 200, 1],
			['PATCH', path, 404, 1],
			['PATCH', path, 200, 1],
			['PATCH', path, 403, 2],
			['PATCH', path, 403, 1],
			['PATCH', path, 200, 1],
		]);
		const rows = mixedRows();
		expect(ls.sandbox.requests.slice(1).map((request) => request.body)).toEqual(
			[[0, 1, 2], [0, 1], [0], [1], [2], [3, 4], [3], [4]].map((indexes) =>
				indexes.map((i) => rows[i]),
			),
		);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4]);
		expect(errorRows(items)).toEqual([1, 3]);
		expect(items[1].json.error).toBe(`Not updated: 404 Link ${MISSING_ID} not found`);
		expect(detailsOf(items[1])).toMatchObject({
			inputItem: 1,
			outcome: 'notUpdated',
			httpCode: '404',
		});
		expect(items[3].json.error).toBe(`Not updated: 403 Access denied to link ${foreign0}`);
		expect(detailsOf(items[3])).toMatchObject({ inputItem: 3, httpCode: '403' });
		expect(items[0].json).toMatchObject({
			id: own0,
			title: 'New title 0',
			updatedAt: expect.any(String),
		});
		expect(Object.keys(items[0].json).sort()).toEqual(
			['createdAt', 'expiredAt', 'id', 'longUrl', 'path', 'title', 'updatedAt'].sort(),
		);
		expect([titleOf(own0), titleOf(own1), titleOf(own2)]).toEqual([
			'New title 0',
			'New title 2',
			'New title 4',
		]);
		expect(titleOf(foreign0)).toBe(SEEDED.foreignLinks[0].title);
	});

	it('without Continue On Fail, it stops at the first refused row and says which rows were already updated', async () => {
		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), mixedRows());

		expect(summary(ls.sandbox.requests).map(([, , status, size]) => [status, size])).toEqual([
			[404, 5],
			[404, 3],
			[404, 2],
			[200, 1],
			[404, 1],
		]);
		expect(error?.message).toBe(
			`Bulk update stopped: input item 1 was refused: 404 Link ${MISSING_ID} not found. ` +
				'1 link was already updated (input items 0). Not updated: input items 1–4.',
		);
		expect(error?.context).toMatchObject({
			updatedCount: 1,
			updatedItems: '0',
			notUpdatedItems: '1–4',
		});
		expect([titleOf(own0), titleOf(own1)]).toEqual(['New title 0', SEEDED.ownLinks[1].title]);
	});

	it('defineBelow: reads the link id and the update fields per row, in batches of Batch Size', async () => {
		const links = ls.sandbox.addLinks(25);
		const input = links.map((link, i) => ({
			id: link.id,
			newTitle: `Renamed ${i}`,
			until: i % 2 ? '' : '2030-01-01',
		}));

		const { items, error } = await ls.run(
			updateMany({
				linkId: '={{ $json.id }}',
				updateFields: {
					title: '={{ $json.newTitle }}',
					expiredAt: '={{ $json.until }}',
					tags: 'a, b',
				},
				options: { batchSize: 10 },
			}),
			input,
		);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['PATCH', path, 200, 10],
			['PATCH', path, 200, 10],
			['PATCH', path, 200, 5],
		]);
		for (const request of ls.sandbox.requests)
			expect(request.headers['x-api-key']).toBe(ls.sandbox.apiKey);
		const sent = ls.sandbox.requests.flatMap((request) => request.body as object[]);
		expect(sent[0]).toEqual({
			id: links[0].id,
			title: 'Renamed 0',
			expiredAt: '2030-01-01T00:00:00.000Z',
			tags: [{ name: 'a' }, { name: 'b' }],
		});
		expect(sent[1]).toEqual({
			id: links[1].id,
			title: 'Renamed 1',
			tags: [{ name: 'a' }, { name: 'b' }],
		});
		expect(items.map((item) => [item.json.id, item.json.title])).toEqual(
			input.map((row) => [row.id, row.newTitle]),
		);
		expect(pairedIndices(items)).toEqual(input.map((_, i) => i));
	});

	it('autoMap: 2,500 rows in batches of 1,000 by default; unknown fields ignored; a row without id is an error item', async () => {
		const links = ls.sandbox.addLinks(2_500);
		const input: IDataObject[] = links.map((link, i) => ({
			id: link.id,
			title: `Auto ${i}`,
			note: 'ignored',
			clicks: 3,
		}));
		delete input[7].id;

		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), input, {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['PATCH', path, 200, 1_000],
			['PATCH', path, 200, 1_000],
			['PATCH', path, 200, 499],
		]);
		expect((ls.sandbox.requests[0].body as object[])[0]).toEqual({
			id: links[0].id,
			title: 'Auto 0',
		});
		expect(items).toHaveLength(2_500);
		expect(errorRows(items)).toEqual([7]);
		expect(items[7].json.error).toBe(
			`Invalid ID in item 7: no column is named like id, shortUrl or path (any case; spaces, "_", "-" and "." ignored); the row's columns are title, note, clicks`,
		);
		expect(items.every((item, i) => i === 7 || item.json.title === `Auto ${i}`)).toBe(true);
	});

	it('autoMap without Continue On Fail: a row without id stops the run before anything is sent', async () => {
		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), [
			{ id: own0, title: 'x' },
			{ title: 'no id' },
		]);

		expect(ls.sandbox.requests).toHaveLength(0);
		expect(error?.message).toBe(
			`Invalid ID in item 1: no column is named like id, shortUrl or path (any case; spaces, "_", "-" and "." ignored); the row's columns are title`,
		);
		expect(error?.description).toContain('(id) of input item 1');
	});

	it('a row with nothing to change is refused before anything is sent', async () => {
		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), [
			{ id: own0, title: 'x' },
			{ id: own1, title: '' },
		]);

		expect(ls.sandbox.requests).toHaveLength(0);
		expect(error?.message).toMatch(
			/^Invalid fields to update in item 1: there is nothing to change/,
		);
	});

	it('a 5xx is reported as in doubt and not re-sent; the rows of earlier batches are named as updated', async () => {
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'status', status: 500 } });
		const [extra] = ls.sandbox.addLinks(1);
		const input = [own0, own1, own2, extra.id].map((id) => ({ id, title: 'Changed' }));

		const { error } = await ls.run(
			updateMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			input,
		);

		expect(summary(ls.sandbox.requests).map(([, , status]) => status)).toEqual([200, 500]);
		expect(error?.message).toBe(
			'Bulk update stopped: batch 2 of 2 (input items 2–3) got no usable answer: 500 Injected fault: HTTP 500. ' +
				'2 links were already updated (input items 0–1; batch 1). In doubt, not re-sent: input items 2–3.',
		);
		expect(error?.description).toContain('running the in-doubt items again is safe');
	});

	it('a 5xx while isolating refused rows leaves the rows of that request in doubt and goes on with the rest', async () => {
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'status', status: 502 } });
		const input = [own0, MISSING_ID, own1].map((id) => ({ id, title: 'Changed' }));

		const { items } = await ls.run(updateMany({ mappingMode: 'autoMap' }), input, {
			continueOnFail: true,
		});

		expect(summary(ls.sandbox.requests).map(([, , status, size]) => [status, size])).toEqual([
			[404, 3],
			[502, 2],
			[200, 1],
		]);
		expect(items.map((item) => detailsOf(item)?.outcome ?? 'updated')).toEqual([
			'inDoubt',
			'inDoubt',
			'updated',
		]);
		expect(titleOf(own1)).toBe('Changed');
	});

	it('a lost response with Continue On Fail: the batch rows are in-doubt error items, the next batch is sent', async () => {
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'dropAfterApply' } });
		const input = [own0, own1, own2].map((id) => ({ id, title: 'Changed' }));

		const { items } = await ls.run(
			updateMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			input,
			{
				continueOnFail: true,
			},
		);

		expect(ls.sandbox.requests).toHaveLength(2);
		expect(errorRows(items)).toEqual([0, 1]);
		expect(detailsOf(items[0])).toMatchObject({ outcome: 'inDoubt', batch: 1 });
		expect(items[2].json).toMatchObject({ id: own2, title: 'Changed' });
	});

	it('sends nothing and outputs nothing for an empty input', async () => {
		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), []);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
		expect(ls.sandbox.requests).toHaveLength(0);
	});
});
