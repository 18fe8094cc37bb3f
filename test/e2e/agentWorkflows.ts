/**
 * The AI examples (examples/ai/): n8n's AI Agent with its OpenAI Chat Model and Link Shortener
 * Tool nodes filled by `$fromAI(…)`, and an MCP Server Trigger with the same tools. The tests
 * run them unchanged but for their credentials, bound by name.
 */
export const AGENT_NODE = 'AI Agent';
/** The name of the OpenAI credential the example uses; the tests give it the scripted server's URL. */
export const MODEL_CREDENTIAL = 'OpenAI account';
