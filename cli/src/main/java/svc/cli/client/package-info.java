/**
 * What every client command shares: the HTTP and WebSocket client of the API
 * ({@link svc.cli.client.ApiClient}), the cached login ({@link svc.cli.client.AuthStore}), the
 * shared options ({@code --url}, {@code --table}) and JSON or table output. API errors become
 * {@link svc.cli.client.ApiError}s here, so each command only says what it asks for.
 */
package svc.cli.client;
