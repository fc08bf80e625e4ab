#!/bin/sh
echo "placeholder"
exit 2
