/**
 * What the node panel says about the package. n8n's node panel lists the node and its trigger
 * as one entry and shows the trigger's description there, so both nodes carry this text.
 */
export const PANEL_DESCRIPTION =
	'Shorten links (create once, UTM, QR codes), update them in bulk by ID or short URL, read click analytics, check the pages behind them, and start workflows when a link is created, clicked or broken';
