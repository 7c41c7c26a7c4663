"""Print, as a Markdown table, what each literal reading of a post's slipped formula does to the encoding."""

from pelib import docenv
from linearity.slips import slips_table

print(slips_table(d=8, positions=20000, k=1))
