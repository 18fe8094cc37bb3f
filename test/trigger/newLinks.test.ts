/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import { PollContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
} from 'n8n-workflow';

import { TestCredentialsHelper } from '../../dev/engine/engine';
import { SEEDED } from '../../dev/sandbox/server';
import { TRIGGER_TYPE, useLinkShortener, type LinkShortenerFixture } from '../helpers/fixture';

const LIST = '/v1/links/list';
const NEWEST_SEEDED = SEEDED.ownLinks[2];

function idsOf(items: INodeExecutionData[][] | null): string[] {
	return (items?.[0] ?? []).map((item) => String(item.json.id));
}

function timeAfter(base: string, seconds: number): string {
	return new Date(Date.parse(base) + seconds * 1000).toISOString();
}

/** The trigger's saved position (static data key `position`). */
const positionOf = (staticData: IDataObject): IDataObject =>
	(staticData.position ?? {}) as IDataObject;

const jsonCopy = (value: IDataObject): IDataObject =>
	JSON.parse(JSON.stringify(value)) as IDataObject;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Like Engine.poll, but with n8n's poll budget set (Engine.poll keeps the 5-minute default). */
async function pollWithBudget(fx: LinkShortenerFixture, staticData: IDataObject, budgetMs: number) {
	const node: INode = {
		id: 'trigger-node',
		name: 'Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { event: 'newLink' },
		credentials: { linkShortenerApi: { id: 'sandbox-credential', name: 'Link Shortener Sandbox' } },
	};
	const staticKey = `node:${node.name}`;
	const workflow = new Workflow({
		id: 'budget-workflow',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: fx.engine.nodeTypes,
		staticData: { [staticKey]: jsonCopy(staticData) },
	});
	const helper = new TestCredentialsHelper(
		fx.engine.credentialTypes,
		fx.credentials as Record<string, ICredentialDataDecryptedObject>,
	);
	const context = new PollContext(
		workflow,
		workflow.getNode(node.name)!,
		fx.engine.createAdditionalData(helper),
		'trigger',
		'activate',
		undefined,
		undefined,
		undefined,
		undefined,
		undefined,
		() => budgetMs,
	);
	const items = await fx.engine.nodeTypes.getByNameAndVersion(TRIGGER_TYPE, 1).poll!.call(context);
	return { items, staticData: jsonCopy(workflow.staticData[staticKey] as IDataObject) };
}

describe('Link Shortener Trigger: new links', () => {
	const fx = useLinkShortener({ pageSizeCap: 20 });

	const poll = async (staticData?: IDataObject, mode: 'trigger' | 'manual' = 'trigger') =>
		await fx.engine.poll({
			type: TRIGGER_TYPE,
			parameters: { event: 'newLink' },
			credentials: fx.credentials,
			mode,
			staticData,
		});

	it('emits nothing on first activation and records the newest link', async () => {
		const first = await poll();

		expect(first.items).toBeNull();
		expect(positionOf(first.staticData)).toMatchObject({
			watermark: NEWEST_SEEDED.createdAt,
			recent: { [NEWEST_SEEDED.createdAt]: [NEWEST_SEEDED.id] },
		});
	});

	it('on activation, records every link sharing the newest createdAt, across pages', async () => {
		const sharedTime = new Date().toISOString();
		const existing = fx.sandbox.addLinks(30, { createdAt: sharedTime });

		const activation = await poll();
		const sameTime = fx.sandbox.addLinks(5, { createdAt: sharedTime });
		const next = await poll(activation.staticData);

		expect(activation.items).toBeNull();
		expect((positionOf(activation.staticData).recent as IDataObject)[sharedTime]).toEqual(
			expect.arrayContaining(existing.map((link) => link.id)),
		);
		expect(idsOf(next.items)).toEqual(sameTime.map((link) => link.id));
	});

	it('emits every link when the account had none at activation', async () => {
		fx.sandbox.links.clear();
		const activation = await poll();
		const created = fx.sandbox.addLinks(2);

		const next = await poll(activation.staticData);

		expect(positionOf(activation.staticData)).toMatchObject({ watermark: null, recent: {} });
		expect(idsOf(next.items)).toEqual(created.map((link) => link.id));
	});

	it('emits the links created since the last poll, oldest first, and none of them again', async () => {
		const { staticData } = await poll();
		const now = new Date().toISOString();
		const created = [
			...fx.sandbox.addLinks(1, { createdAt: timeAfter(now, 2), title: 'third' }),
			...fx.sandbox.addLinks(1, { createdAt: now, title: 'first' }),
			...fx.sandbox.addLinks(1, { createdAt: timeAfter(now, 1), title: 'second' }),
		];

		const second = await poll(staticData);
		expect(second.items?.[0].map((item) => item.json.title)).toEqual(['first', 'second', 'third']);
		expect(new Set(idsOf(second.items))).toEqual(new Set(created.map((link) => link.id)));
		expect(second.items?.[0][0].json).toMatchObject({
			shortUrl: created[1].shortUrl,
			longUrl: created[1].longUrl,
		});

		const third = await poll(second.staticData);
		expect(third.items).toBeNull();
		expect(third.staticData).toEqual(second.staticData);
	});

	it('emits every link of a burst larger than one page, each once', async () => {
		const { staticData } = await poll();
		const now = new Date().toISOString();
		const older = fx.sandbox.addLinks(45, { createdAt: now });
		const newer = fx.sandbox.addLinks(30, { createdAt: timeAfter(now, 1) });
		fx.sandbox.clearRequests();

		const result = await poll(staticData);

		expect(idsOf(result.items)).toEqual([...older, ...newer].map((link) => link.id));
		expect(fx.requestsTo(LIST).length).toBeGreaterThan(3);
		expect(await poll(result.staticData)).toMatchObject({ items: null });
	});

	it('emits 150 links sharing one createdAt across two polls, each once', async () => {
		const { staticData } = await poll();
		const sharedTime = new Date().toISOString();
		const firstBulk = fx.sandbox.addLinks(100, { createdAt: sharedTime });

		const first = await poll(staticData);
		const secondBulk = fx.sandbox.addLinks(50, { createdAt: sharedTime });
		const second = await poll(first.staticData);
		const third = await poll(second.staticData);

		expect(idsOf(first.items)).toEqual(firstBulk.map((link) => link.id));
		expect(idsOf(second.items)).toEqual(secondBulk.map((link) => link.id));
		expect(third.items).toBeNull();
		// The state holds one timestamp and the ids created at exactly that time.
		expect(positionOf(third.staticData).watermark).toBe(sharedTime);
		expect((positionOf(third.staticData).recent as IDataObject)[sharedTime]).toHaveLength(150);
	});

	it('loses and repeats nothing when links arrive while it pages', async () => {
		const { staticData } = await poll();
		const now = new Date().toISOString();
		const before = fx.sandbox.addLinks(50, { createdAt: now });
		fx.sandbox.clearRequests();
		fx.sandbox.injectFault({
			method: 'POST',
			path: LIST,
			times: 50,
			fault: { kind: 'delay', ms: 40 },
		});

		const polling = poll(staticData);
		// The second page is requested but not answered yet: these links push the pages down.
		while (fx.requestsTo(LIST).length < 2) await sleep(2);
		const during = fx.sandbox.addLinks(7, { createdAt: timeAfter(now, 1) });
		const first = await polling;
		const second = await poll(first.staticData);

		expect(idsOf(first.items)).toEqual(before.map((link) => link.id));
		expect(idsOf(second.items)).toEqual(during.map((link) => link.id));
	});

	it('shows the latest link as a test event without moving the saved position', async () => {
		const { staticData } = await poll();
		const created = fx.sandbox.addLinks(2);

		const sample = await poll(staticData, 'manual');
		expect(idsOf(sample.items)).toEqual([created[1].id]);
		expect(sample.staticData).toEqual(staticData);

		const next = await poll(staticData);
		expect(idsOf(next.items)).toEqual(created.map((link) => link.id));
	});

	it('asks the list endpoint for the newest links first', async () => {
		await poll();

		expect(fx.requestsTo(LIST)[0].body).toMatchObject({ order: { createdAt: 'desc' }, page: 1 });
	});
});

/** Large enough to outlast a poll's budget even with pages read 8 in flight (100 pages, 50 ms each). */
const BACKLOG = 1_000;

describe('Link Shortener Trigger: a backlog larger than the poll budget', () => {
	const fx = useLinkShortener({ pageSizeCap: 10 });

	async function startBacklog(size: number) {
		const activation = await pollWithBudget(fx, {}, 60_000);
		const start = new Date().toISOString();
		const backlog = Array.from({ length: size / 10 }, (_, second) =>
			fx.sandbox.addLinks(10, { createdAt: timeAfter(start, second) }),
		).flat();
		fx.sandbox.injectFault({
			method: 'POST',
			path: LIST,
			times: 1000,
			fault: { kind: 'delay', ms: 50 },
		});
		return { start, backlog, staticData: activation.staticData };
	}

	function oldestFirstPagesRequested(): unknown[] {
		return fx
			.requestsTo(LIST)
			.map((request) => request.body as IDataObject)
			.filter((body) => (body.order as IDataObject).createdAt === 'asc')
			.map((body) => body.page);
	}

	it('emits it oldest first over several polls, each link once, then polls newest first again', async () => {
		const { start, backlog, ...activation } = await startBacklog(BACKLOG);

		const emitted: string[] = [];
		let staticData = activation.staticData;
		let polls = 0;
		const resumedAt: unknown[] = [];
		const savedResumePages: unknown[] = [];
		do {
			const resuming = positionOf(staticData).catchUp !== undefined;
			fx.sandbox.clearRequests();
			const result = await pollWithBudget(fx, staticData, 500);
			if (resuming) resumedAt.push(oldestFirstPagesRequested()[0]);
			emitted.push(...idsOf(result.items));
			staticData = result.staticData;
			savedResumePages.push((positionOf(staticData).catchUp as IDataObject | undefined)?.page);
			polls++;
		} while (positionOf(staticData).catchUp !== undefined && polls < 30);

		expect(polls).toBeGreaterThan(1);
		expect(emitted).toEqual(backlog.map((link) => link.id));
		// Each catch-up poll resumes on the page where the previous one stopped.
		expect(resumedAt).toEqual(savedResumePages.slice(0, -1));

		const later = fx.sandbox.addLinks(3, { createdAt: timeAfter(start, BACKLOG / 10 + 20) });
		fx.sandbox.clearRequests();
		const afterCatchUp = await pollWithBudget(fx, staticData, 60_000);
		expect(idsOf(afterCatchUp.items)).toEqual(later.map((link) => link.id));
		expect(fx.requestsTo(LIST)[0].body).toMatchObject({ order: { createdAt: 'desc' } });
	});

	it('loses nothing when links deleted before the resume point moved the pages up', async () => {
		const { backlog, ...activation } = await startBacklog(BACKLOG);
		const first = await pollWithBudget(fx, activation.staticData, 800);
		const emitted = idsOf(first.items);
		expect(emitted.length).toBeGreaterThanOrEqual(5);
		for (const id of emitted) fx.sandbox.links.delete(id);

		let staticData = first.staticData;
		const resumePage = (positionOf(staticData).catchUp as IDataObject).page;
		fx.sandbox.clearRequests();
		for (let polls = 0; positionOf(staticData).catchUp !== undefined && polls < 30; polls++) {
			const result = await pollWithBudget(fx, staticData, 800);
			emitted.push(...idsOf(result.items));
			staticData = result.staticData;
		}

		expect(emitted).toEqual(backlog.map((link) => link.id));
		expect(oldestFirstPagesRequested()[0]).toBe(resumePage);
	});
});
