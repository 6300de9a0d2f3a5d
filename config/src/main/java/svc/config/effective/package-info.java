/**
 * The one resolved configuration of a server: layers (built-in defaults, the library template, the
 * deployment of {@code SVC_DEPLOYMENT}, the settings file's project, the environment) laid over
 * each other in that order, every value keeping the layer it came from. Pure values: the layers
 * are built elsewhere (HOCON, deployments, settings file) and handed in as maps of dotted keys.
 */
package svc.config.effective;
