import type { INodeExecutionData } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';
import { BULK_CREATE_PATH, createMany } from '../helpers/bulk';

/** A short URL no QR code holds (more than version 40 takes at level H). */
const TOO_LONG = `https://sho.rt/${'x'.repeat(1400)}`;
const LIST_PATH = '/v1/links/list';

const outcomes = (items: INodeExecutionData[]) =>
	items.map((item) =>
		item.binary?.qrCode ? 'qrCode' : (item.json.details as { outcome?: string })?.outcome,
	);

describe('QR codes that cannot be made: that item is its own error, the others keep theirs', () => {
	const ls = useLinkShortener();
	const qrOptions = { qrCode: 'svg', qrErrorCorrection: 'H' };

	/** Create Many of `count` rows whose bulk answer gives row 1 the link `id` with a short URL no QR code holds. */
	async function createManyAnsweringTooLong(
		count: number,
		id: string,
		settings: Parameters<typeof ls.run>[2],
	) {
		const rows = Array.from({ length: count }, (_, i) => ({
			longUrl: `https://example.com/qr-failure/${id}/${i}`,
		}));
		const odd = { id, shortUrl: TOO_LONG, ...rows[1] };
		ls.sandbox.injectFault({
			path: BULK_CREATE_PATH,
			fault: { kind: 'replaceElements', elements: { '1': odd } },
		});
		return await ls.run(createMany({ mappingMode: 'autoMap', options: qrOptions }), rows, settings);
	}

	it('Link > Get Many: one link of the page without its code is an error item saying it was read', async () => {
		const links = ls.sandbox.addLinks(3);
		const odd = { id: 'b0000000-0000-4000-8000-00000000000b', shortUrl: TOO_LONG, path: 'x' };
		const fault = { kind: 'replaceElements' as const, elements: { '1': odd } };
		const parameters = {
			resource: 'link',
			operation: 'getMany',
			returnAll: false,
			limit: 3,
			options: qrOptions,
		};

		ls.sandbox.injectFault({ path: LIST_PATH, fault });
		const { items } = await ls.run(parameters, [{}], { continueOnFail: true });
		ls.sandbox.injectFault({ path: LIST_PATH, fault });
		const { error } = await ls.run(parameters, [{}]);

		expect(links).toHaveLength(3);
		expect(outcomes(items)).toEqual(['qrCode', 'noQrCode', 'qrCode']);
		expect(items[1].json.error).toMatch(
			/^Read the link b0000000-.*, but not its QR code: QR code:/,
		);
		expect(items[1].json.details).toMatchObject({ inputItem: 0, link: odd });
		expect(items[1].pairedItem).toEqual({ item: 0 });
		expect(error?.message).toMatch(/^Read the link b0000000-.*, but not its QR code/);
	});

	it('Bulk > Create Many: the rows whose codes were made keep their links, none is in doubt, nothing is sent twice', async () => {
		const { items } = await createManyAnsweringTooLong(3, 'c0000000-0000-4000-8000-00000000000c', {
			continueOnFail: true,
		});

		expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(1);
		expect(outcomes(items)).toEqual(['qrCode', 'noQrCode', 'qrCode']);
		expect(items[1].json.error).toMatch(/^Created the link c0000000-.*, but not its QR code/);
		expect(items[1].json.details).toMatchObject({
			inputItem: 1,
			description: expect.stringMatching(/running them again would create second ones/),
		});
		expect(items.map((item) => item.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
	});

	it('Bulk > Create Many without Continue, with Retry On Fail: the error names the link, the retry creates nothing again', async () => {
		const { error } = await createManyAnsweringTooLong(2, 'd0000000-0000-4000-8000-00000000000d', {
			nodeOverrides: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
		});

		expect(error?.message).toMatch(/^Created the link d0000000-.*, but not its QR code/);
		expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(1);
	});
});
