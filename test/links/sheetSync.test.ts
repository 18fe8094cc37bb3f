import type { IDataObject } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import {
	BULK_UPDATE_PATH,
	detailsOf,
	errorRows,
	pairedIndices,
	syncMany,
	updateMany,
} from '../helpers/bulk';

const LIST_PATH = '/v1/links/list';
const [spring, launch, docs] = SEEDED.ownLinks;

describe('Bulk > Update Many by short URL or path (D14)', () => {
	const ls = useLinkShortener();
	const titleOf = (id: string) => ls.sandbox.links.get(id)?.title;

	/** A link created through the API with a chosen path and domain. */
	async function linkAt(path: string, domain: string): Promise<IDataObject> {
		const response = await fetch(`${ls.sandbox.baseUrl}/v1/links/`, {
			method: 'POST',
			headers: { 'X-API-Key': ls.sandbox.apiKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({ longUrl: `https://example.com/${path}`, path, domain }),
		});
		const link = ((await response.json()) as { data: IDataObject }).data;
		ls.sandbox.clearRequests();
		return link;
	}

	it('auto-map reads id, else shortUrl, else path, and resolves them before the first PATCH', async () => {
		const rows = [
			{ shortUrl: 'HTTPS://SHO.RT/spring/', title: 'By short URL' },
			{ path: 'launch', title: 'By path' },
			{ id: docs.id, shortUrl: 'https://sho.rt/ignored', title: 'By id' },
		];

		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			`POST ${LIST_PATH}`,
			`PATCH ${BULK_UPDATE_PATH}`,
		]);
		expect(ls.requestsTo(BULK_UPDATE_PATH)[0].body).toEqual([
			{ id: spring.id, title: 'By short URL' },
			{ id: launch.id, title: 'By path' },
			{ id: docs.id, title: 'By id' },
		]);
		expect(items.map((item) => [item.json.id, item.json.title])).toEqual([
			[spring.id, 'By short URL'],
			[launch.id, 'By path'],
			[docs.id, 'By id'],
		]);
		expect(pairedIndices(items)).toEqual([0, 1, 2]);
	});

	it('define below: Link ID takes a short URL or a path; one value is found with one search', async () => {
		const { error } = await ls.run(
			updateMany({ linkId: '={{ $json.link }}', updateFields: { title: '={{ $json.title }}' } }),
			[{ link: 'https://go.example.com/launch', title: 'Renamed' }],
		);

		expect(error).toBeUndefined();
		const lists = ls.requestsTo(LIST_PATH);
		expect(lists.map((request) => (request.body as IDataObject).search)).toEqual(['launch']);
		expect(titleOf(launch.id)).toBe('Renamed');
	});

	it('a short URL on the wrong host, an unknown path and a path on two domains are refused rows; the others are updated', async () => {
		const onDefault = await linkAt('twice', SEEDED.defaultDomain.id);
		const onVerified = await linkAt('twice', SEEDED.verifiedDomain.id);
		const rows = [
			{ shortUrl: 'https://sho.rt/launch', title: 'wrong host' },
			{ path: 'nowhere', title: 'unknown' },
			{ path: 'twice', title: 'ambiguous' },
			{ shortUrl: 'https://go.example.com/twice', title: 'exact' },
			{ path: 'spring', title: 'fine' },
		];

		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), rows, {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_UPDATE_PATH).map((request) => request.body)).toEqual([
			[
				{ id: onVerified.id, title: 'exact' },
				{ id: spring.id, title: 'fine' },
			],
		]);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4]);
		expect(errorRows(items)).toEqual([0, 1, 2]);
		expect(items[0].json.error).toBe('No link has the short URL https://sho.rt/launch');
		expect(items[1].json.error).toBe('No link has the path "nowhere"');
		expect(items[2].json.error).toBe(
			'The path "twice" is used on several domains (go.example.com, sho.rt); give the short URL',
		);
		expect(detailsOf(items[2])).toMatchObject({
			inputItem: 2,
			outcome: 'notUpdated',
			linkId: 'twice',
		});
		expect(titleOf(onDefault.id as string)).not.toBe('ambiguous');
		expect(titleOf(launch.id)).toBe(launch.title);
	});

	it("Sync Many refuses a path on two domains in the words Update Many uses (one D14 sentence), with a sheet's advice", async () => {
		await linkAt('twice', SEEDED.defaultDomain.id);
		await linkAt('twice', SEEDED.verifiedDomain.id);

		const { items } = await ls.run(
			syncMany(),
			[{ path: 'twice', longUrl: 'https://example.com/twice', title: 'ambiguous' }],
			{ continueOnFail: true },
		);

		expect(items[0].json.error).toBe(
			'Not synced: input item 0: the path "twice" is used on several domains (go.example.com, sho.rt); give the short URL or a domain',
		);
		expect(detailsOf(items[0])).toMatchObject({ outcome: 'notSynced' });
		expect(ls.sandbox.requests.map((request) => request.path)).toEqual([LIST_PATH]);
	});

	it('without Continue On Fail, an unknown value stops the run before any PATCH', async () => {
		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), [
			{ path: 'spring', title: 'x' },
			{ path: 'nowhere', title: 'y' },
		]);

		expect(error?.message).toBe('No link has the path "nowhere"');
		expect(ls.requestsTo(BULK_UPDATE_PATH)).toHaveLength(0);
		expect(titleOf(spring.id)).toBe(spring.title);
	});

	it('a value that is neither an id, a short URL nor a path is refused before any request', async () => {
		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), [
			{ path: 'two words', title: 'x' },
		]);

		expect(error?.message).toMatch(
			/^Invalid path in item 0: "two words" is neither a link ID, a short URL nor a path/,
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('1,000 rows by path against 801 links: ⌈801 / served page size⌉ list requests, then the PATCH', async () => {
		const links = ls.sandbox.addLinks(801 - SEEDED.ownLinks.length, {});
		const rows = Array.from({ length: 1000 }, (_, i) => ({
			path: links[i % links.length].path,
			title: `Synced ${i}`,
		}));

		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(LIST_PATH)).toHaveLength(Math.ceil(801 / ls.sandbox.pageSizeCap));
		expect(ls.requestsTo(BULK_UPDATE_PATH).map((request) => request.bodyItems)).toEqual([1000]);
		expect(items).toHaveLength(1000);
		expect(titleOf(links[0].id)).toMatch(/^Synced /);
	});
});
