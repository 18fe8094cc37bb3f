// n8n loads the node and credential through the "n8n" section of package.json;
// this entry point only exists so that the package can be required.
module.exports = {};
