import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';
import { plainRequestOf } from '../n8n/plainRequest';
import {
	CHECK_MAX_REDIRECTS,
	CHECK_TIMEOUT_SECONDS,
	DestinationChecker,
	type Destination,
} from '../destinations/check';
import { linkKey } from './clickState';
import {
	readDestinationState,
	saveDestinationState,
	startOfWalk,
	type DestinationState,
} from './destinationState';
import { nextOfWalk } from './destinationWalk';
import { latestLinks } from './linkFeed';
import type { Lease } from './pollGuard';
import { newEpoch } from './savedState';
import { pollEvent } from './statePoll';
import { wholeSetting } from './triggerFields';

interface MonitorSettings {
	linksPerPoll: number;
	confirmations: number;
	notifyRecovery: boolean;
}

/** Each check as Check Destination's defaults make it. */
const CHECK = {
	timeoutMs: CHECK_TIMEOUT_SECONDS * 1000,
	maxRedirects: CHECK_MAX_REDIRECTS,
};

/** The links "Fetch Test Event" checks. */
const SAMPLE_SIZE = 10;

function settingsOf(api: Api<IPollFunctions>): MonitorSettings {
	return {
		linksPerPoll: wholeSetting(api, 'linksPerPoll'),
		confirmations: wholeSetting(api, 'confirmations'),
		notifyRecovery: api.context.getNodeParameter('notifyRecovery', false) === true,
	};
}

function checkerFor(api: Api<IPollFunctions>, startBy?: number): DestinationChecker {
	return new DestinationChecker(plainRequestOf(api.context), { ...CHECK, startBy });
}

const urlOf = (link: IDataObject) => (typeof link.longUrl === 'string' ? link.longUrl : '');

/**
 * Each link's destination. A link whose check disagrees with what was announced of it (broken
 * and not announced, or working and announced) is checked again, after the others, until
 * `confirmations` checks in a row agree; the last check counts. Undefined for a link whose
 * checks had not all begun before `startBy`.
 */
async function confirmedChecks(
	api: Api<IPollFunctions>,
	links: IDataObject[],
	wasAnnounced: (link: IDataObject) => boolean,
	confirmations: number,
	startBy: number,
): Promise<Array<Destination | undefined>> {
	const first = checkerFor(api, startBy);
	const results = await Promise.all(links.map(async (link) => await first.check(urlOf(link))));
	const changed = (index: number) => results[index]?.ok === wasAnnounced(links[index]);
	let pending = links.map((_link, index) => index).filter(changed);
	for (let round = 1; round < confirmations && pending.length > 0; round++) {
		const checker = checkerFor(api, startBy);
		const again = await Promise.all(pending.map(async (i) => await checker.check(urlOf(links[i]))));
		pending.forEach((index, i) => (results[index] = again[i]));
		pending = pending.filter(changed);
	}
	return results;
}

function itemOf(
	link: IDataObject,
	destination: Destination,
	settings: MonitorSettings,
	recovered: boolean,
): IDataObject {
	const { id, shortUrl, longUrl, title } = link;
	return {
		id,
		shortUrl,
		longUrl,
		title,
		destination,
		...(settings.notifyRecovery ? { recovered } : {}),
	};
}

/**
 * The next `linksPerPoll` links of the walk checked from `state`: the links to announce, and the
 * state after them. The walk stops before the first link whose checks had not begun by `startBy`.
 */
async function checkNext(
	api: Api<IPollFunctions>,
	state: DestinationState,
	settings: MonitorSettings,
	startBy: number,
): Promise<{ items: IDataObject[]; next: DestinationState }> {
	const steps = await nextOfWalk(api, state.walk, settings.linksPerPoll);
	const links = steps.map((step) => step.link);
	const announced = new Map(state.announced);
	const wasAnnounced = (link: IDataObject) => announced.has(linkKey(String(link.id)));
	const results = await confirmedChecks(api, links, wasAnnounced, settings.confirmations, startBy);
	const items: IDataObject[] = [];
	let walk = state.walk;
	for (const [index, { link, after }] of steps.entries()) {
		const destination = results[index];
		if (!destination) break;
		const linkId = linkKey(String(link.id));
		const was = announced.has(linkId);
		if (!destination.ok) {
			announced.set(linkId, after.pass);
			if (!was) items.push(itemOf(link, destination, settings, false));
		} else if (was) {
			announced.delete(linkId);
			if (settings.notifyRecovery) items.push(itemOf(link, destination, settings, true));
		}
		walk = after;
	}
	// A link not reached in a whole pass is gone from the account.
	for (const [linkId, pass] of announced) if (pass < walk.pass - 1) announced.delete(linkId);
	return { items, next: { ...state, walk, announced } };
}

/**
 * One poll of Link Destination Broken (D19) under its lease: the next `linksPerPoll` links of
 * the walk checked, each link announced once when its page breaks and, with Notify Recovery,
 * once when it works again. Checks not begun in the first half of the poll's budget wait for
 * the next poll, and the walk stops before the first of them.
 */
export async function pollDestinations(
	api: Api<IPollFunctions>,
	key: string,
	lease: Lease,
	budgetMs: number,
): Promise<INodeExecutionData[][] | null> {
	const settings = settingsOf(api);
	const startedAt = Date.now();
	return await pollEvent<DestinationState>(api, key, lease, {
		read: readDestinationState,
		save: saveDestinationState,
		start: async () => ({
			epoch: newEpoch(startedAt),
			generation: 0,
			walk: startOfWalk(),
			announced: new Map(),
		}),
		emitsAtStart: true,
		step: async (state) => await checkNext(api, state, settings, startedAt + budgetMs / 2),
		withGeneration: (state, generation) => ({ ...state, generation }),
	});
}

/**
 * "Fetch Test Event": the newest links checked once; the broken ones, or the newest link when
 * none is, as the event would emit them. Nothing is saved.
 */
export async function sampleDestinations(
	api: Api<IPollFunctions>,
): Promise<INodeExecutionData[][] | null> {
	const settings = settingsOf(api);
	const links = await latestLinks(api, SAMPLE_SIZE);
	const checker = checkerFor(api);
	const checked = await Promise.all(
		links.map(async (link) => itemOf(link, (await checker.check(urlOf(link)))!, settings, false)),
	);
	const broken = checked.filter((item) => !(item.destination as Destination).ok);
	const sample = broken.length > 0 ? broken : checked.slice(0, 1);
	return sample.length > 0 ? [api.context.helpers.returnJsonArray(sample)] : null;
}
