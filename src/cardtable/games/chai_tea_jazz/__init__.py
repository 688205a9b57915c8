"""Chai Tea Jazz: a trick-taking game where every side plays every contract once."""
