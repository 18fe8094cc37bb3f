import type { NodeConnectionType } from 'n8n-workflow';

/**
 * The plain 'main' rather than `NodeConnectionTypes.Main`: that export only exists from
 * n8n-workflow 1.83 on, and on n8n 1.82 reading it stops the nodes from loading.
 */
export const MAIN_CONNECTION: NodeConnectionType = 'main';
