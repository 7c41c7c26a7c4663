"""MkDocs hook: what the search index holds, and markup of Material's that the Nu HTML Checker rejects.

- Code blocks stay out of the search index (`data-search-exclude`, which Material's search plugin honours). Every
  page fetches the whole index when it loads, and code blocks were more than half of it (220 of 410 kB of text):
  search still finds prose, headings, table cells and inline code such as `positional_encoding`.
- Material 9.8.1's partials/nav-item.html writes `tabindex=""` on the label of every navigation section (with
  navigation.sections it means "not focusable", but an empty tabindex is invalid HTML). Browsers treat an empty
  tabindex as none at all, so dropping it changes nothing for a reader and spares forking the whole partial.
"""

from __future__ import annotations

import re

EMPTY_TABINDEX = re.compile(r'(<label class="md-nav__link[^"]*" for="[^"]*" id="[^"]*") tabindex="">')
CODE_BLOCK = re.compile(r"<pre(?=[ >])(?![^>]*data-search-exclude)")


def on_page_content(html: str, page, config, files) -> str:
    return CODE_BLOCK.sub("<pre data-search-exclude", html)


def on_post_page(output: str, page, config) -> str:
    return EMPTY_TABINDEX.sub(r"\1>", output)


def on_post_template(output_content: str, template_name: str, config) -> str:
    return EMPTY_TABINDEX.sub(r"\1>", output_content)  # 404.html, rendered from Material's templates too
