/** {@code svc demo}: the main job end to end, in-process, on embedded defaults. */
package svc.cli.demo;
