import { Workflow, type INode } from 'n8n-workflow';

import { createEngine, NODE_TYPE, TRIGGER_TYPE } from '../helpers/fixture';

describe('Editor: subtitle and panel description', () => {
	const engine = createEngine();
	const main = engine.nodeTypes.getByNameAndVersion(NODE_TYPE).description;
	const trigger = engine.nodeTypes.getByNameAndVersion(TRIGGER_TYPE).description;

	/** The subtitle as n8n's expression engine evaluates it for a node with these parameters. */
	function subtitleFor(resource: string, operation: string): unknown {
		const node: INode = {
			id: 'node',
			name: 'Link Shortener',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { resource, operation },
		};
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: engine.nodeTypes,
		});
		return workflow.expression.getSimpleParameterValue(node, main.subtitle, 'internal', {});
	}

	it.each([
		['link', 'create', 'Create: Link'],
		['link', 'getMany', 'Get Many: Link'],
		['bulk', 'createMany', 'Create Many: Bulk'],
		['bulk', 'updateMany', 'Update Many: Bulk'],
		['analytics', 'getClicks', 'Get Clicks: Analytics'],
		['domain', 'getMany', 'Get Many: Domain'],
	])('reads %s / %s as "%s"', (resource, operation, expected) => {
		expect(subtitleFor(resource, operation)).toBe(expected);
	});

	it("gives the node panel the action node's description (n8n shows the trigger's for the merged entry)", () => {
		expect(trigger.description).toBe(main.description);
		expect(main.description).toMatch(/^Shorten links/);
	});
});
