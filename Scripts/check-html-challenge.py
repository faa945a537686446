"""Plays a challenge level's HTML page in headless Chromium; run by Scripts/check-html-player.

Usage: python3 Scripts/check-html-challenge.py CHALLENGE_HTML SCHEDULE SCREENSHOT_PNG

Clicks the default thread at every choice and checks that the run ends without the win;
undoes back to the start; then clicks, at each choice, the thread on the way to the node
whose schedule is SCHEDULE (a winning one), checks that the page shows the win with that
schedule and the replay command, checks that undo takes the win back, and saves a
screenshot of the win. Exits 1 with a message at the first difference.
"""
import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

page, schedule, screenshot = sys.argv[1:4]
html = pathlib.Path(page).read_text(encoding="utf-8")
for external in ("src=", 'href="http', "@import", "url(http"):
    if external in html:
        sys.exit(f"check-html-challenge: the page refers to something outside it ({external})")
start = html.index('<script id="player-data" type="application/json">') + len('<script id="player-data" type="application/json">')
data = json.loads(html[start : html.index("</script>", start)].replace("<\\/", "</"))
nodes = data["challenge"]["nodes"]


def fail(message):
    sys.exit(f"check-html-challenge: {message}")


def path_to(wanted):
    """The threads to pick, from the start, to reach the end node whose schedule is `wanted`."""
    stack = [(0, [])]
    while stack:
        index, picks = stack.pop()
        node = nodes[index]
        if not node["options"] and node["won"] and node["schedule"] == wanted:
            return picks
        stack.extend((child, picks + [thread]) for thread, _, child in node["options"] if child >= 0)
    fail(f"the page holds no winning path with schedule {wanted}")


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000", "--force-device-scale-factor=1"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
by_id = lambda name: driver.find_element(By.ID, name)
try:
    driver.get(pathlib.Path(page).resolve().as_uri())
    if not by_id("ending").get_attribute("hidden"):
        fail("the page shows an ending before any pick")
    picks = 0
    while not by_id("ending").is_displayed():
        buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button.pick.current") or driver.find_elements(By.CSS_SELECTOR, "#choices button.pick")
        buttons[0].click()
        picks += 1
    if "won" in by_id("ending").get_attribute("class"):
        fail(f"the default path shows the win: {by_id('ending').text}")
    if not by_id("code").is_displayed() or "▶" not in by_id("code").text:
        fail("the code panel does not show the current event's line")
    for _ in range(picks):
        by_id("undo").click()
    if by_id("ending").is_displayed() or by_id("undo").get_attribute("disabled") is None:
        fail("undo did not go back to the start")
    route = path_to(schedule)
    for thread in route:
        by_id(f"pick-T{thread}").click()
    ending = by_id("ending")
    text = ending.text
    if "won" not in ending.get_attribute("class") or f'"{schedule}"' not in text or "runloop-lab replay --scenario" not in text:
        fail(f"after the winning picks the page does not show the win with {schedule}: {text}")
    if f'your schedule: "{schedule}"' not in by_id("schedule").text:
        fail(f"the schedule line says {by_id('schedule').text}")
    driver.save_screenshot(screenshot)
    by_id("undo").click()
    if by_id("ending").is_displayed():
        fail("undo after the win still shows an ending")
    print(f"check-html-challenge: default path ({picks} picks) does not win; {len(route)} picks win with \"{schedule}\"; screenshot {screenshot}")
finally:
    driver.quit()
