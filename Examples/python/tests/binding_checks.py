"""What the binding's tests share: the framebuffer's size and the check that a call is refused
with a status and a message naming what was wrong."""
import pytest

from confetti import ConfettiError

SIZE = (320, 180)


def refused(status, call, *words):
    with pytest.raises(ConfettiError) as caught:
        call()
    assert caught.value.status == status, caught.value
    for word in words:
        assert word in caught.value.message, caught.value.message
    return caught.value.message
