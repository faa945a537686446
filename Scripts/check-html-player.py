"""Drives the HTML player in headless Chromium; run by Scripts/check-html-player.

Usage: python3 Scripts/check-html-player.py PLAYER_HTML CHROME_TRACE_JSON SCREENSHOT_PNG

The expected values come from the Chrome trace JSON export of the same run: each instant
event's sequence number, thread, name and detail. Exits 1 with a message at the first
difference.
"""
import json
import pathlib
import re
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

page, trace_json, screenshot = sys.argv[1:4]
html = pathlib.Path(page).read_text(encoding="utf-8")
for external in ("src=", 'href="http', "@import", "url(http"):
    if external in html:
        sys.exit(f"check-html-player: the page refers to something outside it ({external})")
records = json.loads(pathlib.Path(trace_json).read_text(encoding="utf-8"))["traceEvents"]
events = [r for r in records if r["ph"] == "i"]
events.sort(key=lambda r: r["args"]["seq"])
total = len(events)

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000", "--force-device-scale-factor=1"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
checked = 0


def fail(message):
    sys.exit(f"check-html-player: {message}")


def by_id(name):
    return driver.find_element(By.ID, name)


def panel_rows(index):
    """The rows of panel `index`, by key: (class, cells), read in one round trip."""
    return {
        key: (row[0], row[1])
        for key, row in driver.execute_script(
            """return Array.from(document.querySelectorAll(`#panel-${arguments[0]} tbody tr[data-key]`))
                 .map((tr) => [tr.dataset.key, [tr.className, Array.from(tr.cells).map((td) => td.textContent)]]);""",
            index,
        )
    }


def check(position):
    """The DOM at `position` (events shown) against the trace."""
    global checked
    checked += 1
    shown = by_id("position").text
    if shown != f"event {position} of {total}":
        fail(f"at {position}: the position reads '{shown}'")
    if by_id("slider").get_attribute("value") != str(position):
        fail(f"at {position}: the slider is at {by_id('slider').get_attribute('value')}")
    text = by_id("event-text").text
    if position == 0:
        if text != "Before the first event.":
            fail(f"at 0: the event reads '{text}'")
        return
    event = events[position - 1]
    seq, thread, name, detail = event["args"]["seq"], event["tid"], event["name"], event["args"]["detail"]
    if not (text.startswith(f"#{seq} ") and f" T{thread} " in text and f" {name}" in text and text.endswith(detail)):
        fail(f"at {position}: the event reads '{text}', the trace has #{seq} T{thread} {name} {detail}")
    threads = panel_rows(0)
    row = threads.get(f"T{thread}")
    if row is None or "current" not in row[0] or not row[1][0].startswith(f"T{thread} "):
        fail(f"at {position}: the threads panel does not mark T{thread}'s row as current: {row}")
    if name == "lock.acquire":
        lock = detail.split(" ")[0]
        if lock not in row[1][3].split(" ")[0] and lock not in row[1][3]:
            fail(f"at {position}: T{thread} took {lock}, its locks cell reads '{row[1][3]}'")
    if name == "operation.state":
        match = re.fullmatch(r"(.*) (\S+) → (\S+)( \(rejected\))?", detail)
        if match and not match.group(4):
            operation = panel_rows(1).get(match.group(1))
            if operation is None or operation[1][1] != match.group(3):
                fail(f"at {position}: {match.group(1)} went to {match.group(3)}, its operations row is {operation}")
    box = driver.find_elements(By.ID, f"e{seq}")
    if box and "current" not in (box[0].get_attribute("class") or ""):
        fail(f"at {position}: the box of #{seq} is not marked current")


try:
    driver.get(pathlib.Path(page).resolve().as_uri())
    check(0)
    for position in range(1, total + 1):
        by_id("step").click()
        check(position)
    by_id("step").click()
    check(total)
    for position in range(total - 1, total - 21, -1):
        by_id("back").click()
        check(position)

    slider = by_id("slider")
    slider.send_keys(Keys.HOME)
    check(0)
    slider.send_keys(Keys.ARROW_RIGHT * 5)
    check(5)
    slider.send_keys(Keys.END)
    check(total)
    middle = total // 2
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", slider, str(middle))
    check(middle)

    # Search by event kind: as many matches as the trace has events of that kind, and
    # "next" goes to one of them.
    kinds = [e["name"] for e in events]
    kind = next((k for k in ("completion", "operation.state", "lock.acquire") if k in kinds), kinds[0])
    driver.find_element(By.CSS_SELECTOR, "#search-by option[value='kind']").click()
    by_id("search").send_keys(kind)
    expected = sum(1 for k in kinds if kind in k)
    count = by_id("search-count").text
    if count != f"{expected} match{'' if expected == 1 else 'es'}":
        fail(f"searching for the kind '{kind}' reads '{count}', the trace has {expected}")
    by_id("search-next").click()
    position = int(by_id("position").text.split()[1])
    if events[position - 1]["name"] != kind and kind not in events[position - 1]["name"]:
        fail(f"'next match' for '{kind}' went to {events[position - 1]['name']}")
    check(position)
    if len(driver.find_elements(By.CSS_SELECTOR, "g.event.match")) == 0:
        fail("no box is marked as a match")
    driver.find_element(By.CSS_SELECTOR, "#search-by option[value='thread']").click()
    by_id("search").clear()
    by_id("search").send_keys("T1")
    expected = sum(1 for e in events if e["tid"] == 1)
    if by_id("search-count").text != f"{expected} match{'' if expected == 1 else 'es'}":
        fail(f"searching for thread T1 reads '{by_id('search-count').text}', the trace has {expected}")

    # Folding: the lane narrows, and the lane after it moves left by the difference.
    lanes = driver.find_elements(By.CSS_SELECTOR, "g.lane")
    if len(lanes) < 2:
        fail("fewer than two lanes")

    def lane_x(index):
        return float(re.search(r"translate\(([\d.]+)", lanes[index].get_attribute("transform")).group(1))

    driver.execute_script("window.scrollTo(0, 0); document.getElementById('timeline-box').scrollLeft = 0;")
    before = lane_x(1)
    lanes[0].find_element(By.CSS_SELECTOR, ".lane-title").click()
    if "folded" not in lanes[0].get_attribute("class") or not lane_x(1) < before:
        fail(f"folding lane 0 left it '{lanes[0].get_attribute('class')}', lane 1 at {lane_x(1)} (was {before})")
    lanes[0].find_element(By.CSS_SELECTOR, ".lane-short").click()
    if "folded" in lanes[0].get_attribute("class") or lane_x(1) != before:
        fail("unfolding lane 0 did not restore the layout")
    lanes[0].find_element(By.CSS_SELECTOR, ".lane-title").click()

    # A marked event, if the run has one.
    violation = by_id("violation")
    if violation.is_enabled():
        violation.click()
        if "marked" not in (by_id("event").get_attribute("class") or ""):
            fail("the marked-event button went to an unmarked event")

    refs = driver.find_elements(By.CSS_SELECTOR, "#findings a.ref")
    if refs:
        driver.execute_script("window.scrollTo(0, 0);")
        seq = refs[0].get_attribute("data-seq")
        refs[0].click()
        if not by_id("event-text").text.startswith(f"#{seq} "):
            fail(f"the finding's link to #{seq} went to '{by_id('event-text').text}'")
        if "marked" not in (by_id("event").get_attribute("class") or ""):
            fail(f"#{seq}, named by a finding, is not marked")

    driver.save_screenshot(screenshot)
    if pathlib.Path(screenshot).read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{screenshot} is not a PNG")
    print(f"check-html-player: {checked} positions checked against {total} trace events; search, folding and marks work; screenshot {screenshot}")
finally:
    driver.quit()
