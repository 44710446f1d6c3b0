"""The live channel's wire format (tutor/push.py): what EventSource reads, and what a request
may claim about the version it shows."""

from django.test import RequestFactory

from tutor import push


def test_an_event_is_written_as_eventsource_reads_it():
    event = push.Event("live", '<div id="live">\n  <p>Olá</p>\n</div>')
    assert (
        event.encode(7)
        == (
            'event: live\nid: 7\ndata: <div id="live">\ndata:   <p>Olá</p>\ndata: </div>\n\n'
        ).encode()
    )
    assert push.Event("ready").encode(retry=2500) == b"event: ready\nretry: 2500\ndata: \n\n"


def test_a_version_is_read_from_last_event_id_first_then_from_the_page():
    factory = RequestFactory()
    assert push.version_from(factory.get("/x/events/", {"v": "3"})) == 3
    reconnect = factory.get("/x/events/", {"v": "3"}, headers={"Last-Event-ID": "5"})
    assert push.version_from(reconnect) == 5
    # Anything but a few digits is no version: the stream then sends the current state.
    for value in ["", "-1", "1e3", "٣", "²", "1_0", "12345678901", "9" * 5000, "3 ", "0x10"]:
        assert push.version_from(factory.get("/x/events/", {"v": value})) is None
    assert push.version_from(factory.get("/x/events/")) is None
