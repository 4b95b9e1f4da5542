"""micropip: a plain Pyodide page installs the engine wheel from the site by URL (README snippet).

This is how PyScript, JupyterLite or the Pyodide console load the engine; micropip's own
wheel is served by the site too, so nothing comes from PyPI or a CDN.
"""
import json

from conftest import BOOT_TIMEOUT_MS


def test_micropip_installs_the_wheel_from_the_site_and_plays_a_card(page, site_url, guard):
    build = json.loads(page.context.request.get(site_url + "build.json").text())
    page.goto(site_url + "dev/micropip.html")
    page.wait_for_selector('#app:not([data-ready="0"])', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("#app", "data-ready") == "1", page.text_content("#out")
    result = json.loads(page.get_attribute("#app", "data-result"))
    assert result["belote"] == build["version"]
    assert result["events"] == [{"type": "card", "seat": 0, "card": result["played"]}]
    assert result["to_act"] == 1
    # the wheel came by its versioned URL, micropip from the site's own wheel
    assert site_url + build["wheel"] in guard.requests
    assert site_url + build["micropipWheel"] in guard.requests
    assert not any("pypi" in url or "jsdelivr" in url for url in guard.requests)
