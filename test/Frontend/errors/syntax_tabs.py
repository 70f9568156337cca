# Python's tokenizer rules the front end follows: indentation that mixes
# tabs and spaces so that its meaning depends on the tab size is a TabError
# (each line is measured with tabs to 8 columns and as 1, and the two must
# order it the same against the enclosing levels); a line continuation
# that ends the file is a SyntaxError. Consistent tabs are fine.
# RUN: split-file %s %t
# RUN: not tilec %t/tab_indent.py --emit ast 2>&1 | FileCheck %s --check-prefix=INDENT
# RUN: not tilec %t/tab_same.py --emit ast 2>&1 | FileCheck %s --check-prefix=SAME
# RUN: not tilec %t/tab_dedent.py --emit ast 2>&1 | FileCheck %s --check-prefix=DEDENT
# RUN: tilec %t/tabs_fine.py --emit ast | FileCheck %s --check-prefix=FINE
# RUN: not tilec %t/backslash_eof.py --emit ast 2>&1 | FileCheck %s --check-prefix=BACKSLASH
# RUN: tilec %t/backslash_blank.py --emit ast | FileCheck %s --check-prefix=BLANK

# A tab (column 8) then 8 spaces: the same width with 8-column tabs, more
# with 1-column tabs.
# INDENT: tab_indent.py:4:9: error: inconsistent use of tabs and spaces in indentation (Python's TabError)
# INDENT-NEXT: {{^}}        x = 1

# SAME: tab_same.py:4:2: error: inconsistent use of tabs and spaces in indentation (Python's TabError)

# DEDENT: tab_dedent.py:5:2: error: inconsistent use of tabs and spaces in indentation (Python's TabError)

# FINE: kernel k @2:1
# FINE-NEXT: param x_ptr

# BACKSLASH: backslash_eof.py:3:24: error: unexpected end of file after a line continuation character
# BACKSLASH-NEXT: {{^}}    x = tl.load(x_ptr) \
# BACKSLASH-NEXT: {{^}}                       ^{{$}}

# A continuation into a blank line is a blank line, as in Python.
# BLANK: kernel k @2:1

#--- tab_indent.py
@triton.jit
def k(x_ptr):
	if True:
        x = 1

#--- tab_same.py
@triton.jit
def k(x_ptr):
        x = 1
	y = 2

#--- tab_dedent.py
@triton.jit
def k(x_ptr):
  	if True:
  	    x = 1
	y = 2

#--- tabs_fine.py
@triton.jit
def k(x_ptr):
	if True:
		x = 1
	y = 2

#--- backslash_blank.py
@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
\

#--- backslash_eof.py
@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr) \
