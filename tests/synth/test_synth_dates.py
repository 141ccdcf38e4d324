"""Dates: one keyed offset per contributor, written formats kept, intervals kept."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synth.dates import shift_iso, shift_text
from synth.surrogates import SurrogateEngine

from synth_helpers import make_fixed_workspace


@pytest.mark.parametrize(
    "text, days, want",
    [
        ("March 3rd", 10, "March 13th"),
        ("03/03/2024", 10, "03/13/2024"),
        ("2024-03-03", 10, "2024-03-13"),
        ("3 March 2024", 10, "13 March 2024"),
        ("Mar 3", 10, "Mar 13"),
        ("Mar. 3, 2024", 30, "Apr. 2, 2024"),
        ("MARCH 3", 1, "MARCH 4"),
        ("the 3rd of March", 19, "the 22nd of March"),
        ("Monday, March 4, 2024", 2, "Wednesday, March 6, 2024"),
        ("31.12.2023", 1, "01.01.2024"),
        ("3/3/24", -3, "2/29/24"),
        ("Dec 31st, 2023", 1, "Jan 1st, 2024"),
        ("March 2024", 31, "April 2024"),
        ("see you on Friday", 3, "see you on Monday"),
        ("2024-03-03T10:15:00Z", -1, "2024-03-02T10:15:00Z"),
    ],
)
def test_date_keeps_its_written_format(text, days, want):
    assert shift_text(text, days) == want


def test_text_without_a_calendar_date_is_unchanged():
    assert shift_text("yesterday at 3pm", 40) == "yesterday at 3pm"


def test_iso_string_keeps_time_fraction_and_zone_byte_for_byte():
    assert shift_iso("2024-02-28T23:59:59.123456+05:30", 2) == "2024-03-01T23:59:59.123456+05:30"
    assert shift_iso("not a date", 2) == "not a date"


def _parse(s: str, fmt: str) -> dt.date:
    # "May" is both the full name and the abbreviation: it is written back in full
    for f in (fmt, fmt.replace("%b", "%B")):
        try:
            return dt.datetime.strptime(s, f).date()
        except ValueError:
            pass
    raise AssertionError(f"{s!r} is not in format {fmt!r}")


dates = st.dates(min_value=dt.date(1950, 1, 1), max_value=dt.date(2090, 12, 31))


@settings(max_examples=50, deadline=None)
@given(dates, dates, st.integers(-365, 365), st.sampled_from(["%Y-%m-%d", "%m/%d/%Y", "%B %d, %Y", "%d %b %Y"]))
def test_intervals_and_order_between_dates_are_kept(a, b, days, fmt):
    sa, sb = shift_text(a.strftime(fmt), days), shift_text(b.strftime(fmt), days)
    pa, pb = _parse(sa, fmt), _parse(sb, fmt)
    assert pb - pa == b - a
    assert pa - a == dt.timedelta(days=days)


@pytest.fixture()
def fixed(tmp_path):
    return make_fixed_workspace(tmp_path / "w")


def test_offset_is_nonzero_within_a_year_and_keyed_per_contributor(fixed):
    offsets = {SurrogateEngine(fixed, contributor_id=f"user-{i}").date_offset_days for i in range(40)}
    assert 0 not in offsets and all(-365 <= o <= 365 for o in offsets)
    assert len(offsets) > 30 and any(o < 0 for o in offsets) and any(o > 0 for o in offsets)
    assert SurrogateEngine(fixed, contributor_id="user-1").date_offset_days == SurrogateEngine(
        fixed, contributor_id="user-1"
    ).date_offset_days


def test_timestamps_text_and_iso_move_by_the_same_offset(fixed):
    eng = SurrogateEngine(fixed, contributor_id="c")
    ts = dt.datetime(2024, 3, 3, 12, tzinfo=dt.timezone.utc).timestamp()
    moved = dt.datetime.fromtimestamp(eng.shift_timestamp(ts), dt.timezone.utc).date()
    assert eng.surrogate("DATE_TIME", "2024-03-03") == moved.isoformat()
    assert eng.shift_iso("2024-03-03T12:00:00Z") == moved.isoformat() + "T12:00:00Z"
    assert eng.surrogate("DATE_OF_BIRTH", "2024-03-03") == moved.isoformat()
    assert eng.shift_timestamp(None) is None


def test_date_shifting_can_be_turned_off(fixed):
    eng = SurrogateEngine(fixed, contributor_id="c", shift_dates=False)
    assert eng.date_offset_days == 0
    assert eng.surrogate("DATE_TIME", "March 3rd") == "March 3rd"
    assert eng.shift_timestamp(1700000000.5) == 1700000000.5
