"""`/metrics` in Prometheus' text format (on with `parlour serve --metrics`): request latency by
route and status, unhandled errors, and at each scrape the tables live (by status), the
actions applied since the server started and the WebSocket connections open."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import Scope

from parlour.web.sockets import Sockets
from parlour.web.tables import Tables

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """One app's metrics, in a registry of its own (a process may hold several apps)."""

    def __init__(self, tables: Callable[[], Tables | None], sockets: Sockets) -> None:
        self.registry = CollectorRegistry()
        self.latency = Histogram(
            "parlour_request_duration_seconds",
            "Time to answer an HTTP request, by method, route and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.errors = Counter(
            "parlour_unhandled_errors",
            "Requests and WebSockets that raised an unhandled exception (answered 500 or 1011).",
            registry=self.registry,
        )
        self.registry.register(_Live(tables, sockets))

    def observe(self, scope: Scope, status: int, seconds: float) -> None:
        """Count a finished request under its route's template (not its path: ids vary)."""
        route = scope.get("route")
        template = getattr(route, "path", None) or "unmatched"
        self.latency.labels(scope.get("method", ""), template, str(status)).observe(seconds)

    def error(self) -> None:
        self.errors.inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _Live(Collector):
    """What the table layer and the sockets hold at the moment of a scrape."""

    def __init__(self, tables: Callable[[], Tables | None], sockets: Sockets) -> None:
        self.tables = tables
        self.sockets = sockets

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily(
            "parlour_tables_live", "Tables in memory, by status.", labels=["status"]
        )
        applied = CounterMetricFamily(
            "parlour_actions_applied", "Actions applied since the server started."
        )
        layer = self.tables()
        statuses = [t.status for t in layer.shelf.tables.values()] if layer is not None else []
        for status in ("open", "running", "finished"):
            tables.add_metric([status], statuses.count(status))
        applied.add_metric([], layer.commits.applied if layer is not None else 0)
        yield tables
        yield applied
        yield GaugeMetricFamily(
            "parlour_websockets_open", "WebSocket connections open.", value=len(self.sockets.open)
        )
